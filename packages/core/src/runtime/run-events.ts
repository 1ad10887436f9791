// One file for the run event bus vocabulary: the envelope and every kind, as zod schemas from
// which both the TypeScript types and the published JSON Schema (schema/events.schema.json) come.
import { z } from 'zod';

/** The envelope's version; a change that breaks readers raises it. */
export const runEventVersion = 2;

const envelope = {
  v: z.literal(runEventVersion).describe('Envelope version.'),
  seq: z.int().positive().describe('Position in the run, from 1, without gaps.'),
  ts: z.string().describe('When it happened, ISO 8601 in UTC.'),
  crewId: z.string().optional().describe('The crew (its name), when a crew runs.'),
  agentId: z.string().optional().describe('The agent the event is about.'),
  correlationId: z
    .string()
    .optional()
    .describe('Ties related events: a tool call and its return, an input request and its answer.'),
  causationId: z.int().positive().optional().describe('The `seq` of the event that caused this one.'),
};

const failure = z.strictObject({ code: z.string(), message: z.string() });
const taskId = z.string().optional().describe('The task the event belongs to.');

function kind<Kind extends string, Shape extends z.ZodRawShape>(name: Kind, description: string, shape: Shape) {
  return z.strictObject({ ...envelope, kind: z.literal(name), ...shape }).describe(description);
}

export const runEventSchemas = {
  'run.started': kind('run.started', 'A run begins.', {
    target: z.string().describe('The crew name, or the id of the agent that runs alone.'),
    stream: z.boolean().describe('Whether `llm.delta` events will follow.'),
    process: z.string().optional(),
    tasks: z.array(z.string()).optional().describe('Task ids in the order they settle.'),
    reused: z.array(z.string()).optional().describe('Tasks whose checkpointed output is reused.'),
    resumed: z.boolean().optional(),
    sessionId: z.string().optional(),
    budget: z.record(z.string(), z.number()).optional().describe('The crew budget’s limits.'),
  }),
  'task.started': kind('task.started', 'An agent starts on a task.', {
    taskId: z.string(),
    agentRole: z.string(),
    attempt: z.int().positive(),
  }),
  'task.completed': kind('task.completed', 'A task settled: done, failed, reused or skipped.', {
    taskId: z.string(),
    agentRole: z.string().optional(),
    success: z.boolean(),
    durationMs: z.number().nonnegative(),
    tokens: z.int().nonnegative().optional(),
    toolCalls: z.int().nonnegative().optional(),
    skipped: z.literal(true).optional(),
    reused: z.literal(true).optional(),
    reason: z.string().optional().describe('Why it was skipped.'),
    output: z.string().optional(),
    error: failure.optional(),
  }),
  'tool.called': kind('tool.called', 'A tool call starts. Argument values are never sent.', {
    toolName: z.string(),
    argsSummary: z.array(z.string()).optional().describe('The argument names.'),
    taskId,
  }),
  'tool.returned': kind('tool.returned', 'A tool call ended, also when the tool failed or was denied.', {
    toolName: z.string(),
    success: z.boolean(),
    outcome: z.enum(['Success', 'Failure', 'Denied', 'Blocked']),
    durationMs: z.number().nonnegative(),
    taskId,
  }),
  'guardian.blocked': kind(
    'guardian.blocked',
    'The Guardian blocked a prompt, a tool call or a tool result; under the Warn policies, what it would have blocked (action warned). The text judged is never sent.',
    {
      phase: z.enum(['Input', 'ToolExecution', 'ToolResult', 'Delegation']),
      action: z.enum(['blocked', 'warned']),
      reason: z.string().describe('The rule that decided, in words: the pattern classes, the argument and rule, …'),
      toolName: z.string().optional(),
      patternClasses: z.array(z.string()).optional(),
      severity: z.enum(['Low', 'Medium', 'High', 'Critical']).optional(),
      taskId,
    },
  ),
  'guardrail.tripped': kind(
    'guardrail.tripped',
    'A guardrail (defineGuardrail) blocked a task’s prompt, an agent’s answer or a tool call.',
    {
      guardrail: z.string().describe('The guardrail’s name.'),
      stage: z.enum(['input', 'output', 'tool']),
      reason: z.string().describe('What its check answered.'),
      toolName: z.string().optional(),
      taskId,
    },
  ),
  'delegation.started': kind('delegation.started', 'An agent asks a coworker or hands it work.', {
    toRole: z.string().optional(),
    toAgentId: z.string().optional(),
    mode: z.enum(['ask', 'delegate']),
    depth: z.int().positive().describe('1 for a coworker asked by a task’s agent, 2 for one asked by that coworker.'),
    reason: z
      .string()
      .optional()
      .describe('Why the work went to this agent: the hierarchical manager’s reason, or its feedback on a revision.'),
    taskId,
  }),
  'agent.spawned': kind('agent.spawned', 'An agent outside the task list joins: the planner or a spawn_agent helper.', {
    role: z.string().optional(),
    reason: z.string().optional(),
  }),
  'cost.updated': kind('cost.updated', 'A model call ended; running totals of the run.', {
    tokens: z.int().nonnegative().describe('Tokens of the run so far.'),
    model: z.string().optional(),
    provider: z.string().optional(),
    costUsd: z.number().nonnegative().optional().describe('Estimated cost of the run so far, when prices are known.'),
    costSource: z.literal('estimate').optional(),
    taskId,
  }),
  'model.retry': kind(
    'model.retry',
    'A model call failed in a way waiting may mend (408, 429, 5xx, a network failure); it is sent again after `delayMs`.',
    {
      provider: z.string(),
      model: z.string().describe('The model id.'),
      retry: z.int().positive().describe('Which retry comes, from 1.'),
      maxRetries: z.int().positive().describe('The most retries of one call (`Llm:MaxRetries`).'),
      delayMs: z.number().nonnegative().describe('The wait before the retry.'),
      reason: z
        .string()
        .describe('What failed, short: `connection refused at <url>`, `HTTP 503: <the provider’s reason>`.'),
      statusCode: z.int().optional().describe('The HTTP status, when the provider answered.'),
      taskId,
    },
  ),
  'llm.delta': kind('llm.delta', 'Streamed model text (only when the run asks for it: `--stream`).', {
    text: z.string(),
    taskId,
  }),
  'input.needed': kind(
    'input.needed',
    'A person must answer; reply with an `input.given` line carrying the correlationId.',
    {
      inputKind: z.enum(['text', 'confirm', 'choice']),
      prompt: z.string(),
      choices: z.array(z.string()).optional(),
      source: z.enum(['tool', 'permission']).describe('The human_input tool, or a permission-gate ask.'),
      toolName: z.string().optional(),
      taskId,
    },
  ),
  error: kind('error', 'Something failed; `recoverable` says whether the run goes on.', {
    code: z.string(),
    message: z.string(),
    recoverable: z.boolean(),
    taskId,
  }),
  'graph.node.completed': kind(
    'graph.node.completed',
    'A node of the crew’s graph ended (graph process), also when it failed, timed out or was interrupted.',
    {
      node: z.string(),
      status: z
        .enum(['completed', 'failed', 'timedOut', 'interrupted'])
        .describe('completed: the graph goes on to `next`; failed: the node threw and the run stops.'),
      step: z.int().positive().describe('The node’s place in the graph run, from 1; a resumed run keeps counting.'),
      visit: z.int().positive().describe('Which run of this node it was, from 1: the cycle of a loop.'),
      durationMs: z.number().nonnegative(),
      next: z.string().optional().describe('The node the graph goes to, `__end__` when done (completed nodes only).'),
      degraded: z.literal(true).optional().describe('The degraded node a tripped breaker moved to.'),
      error: failure.optional().describe('What the node threw (failed nodes only).'),
      taskId: z.string().optional().describe('The task the node ran, when the graph process knows it.'),
    },
  ),
  'graph.breaker.tripped': kind(
    'graph.breaker.tripped',
    'The circuit breaker of the crew’s graph stopped it (graph process).',
    {
      mechanism: z.enum(['MaxTransitions', 'StateTimeout', 'MaxStateVisits', 'MaxTotalDuration']),
      node: z.string().describe('The node about to run, or (StateTimeout) the one that ran too long.'),
      limit: z.number().describe('The limit that was reached (milliseconds for the durations).'),
      reached: z.number(),
      message: z.string(),
      degraded: z.boolean().describe('Whether the graph’s degraded node runs next; otherwise the run stops.'),
    },
  ),
  'budget.exhausted': kind('budget.exhausted', 'A crew budget was spent; the run stops.', {
    dimension: z.enum(['tokens', 'costUsd', 'wallTime', 'toolCalls']),
    limit: z.number(),
    used: z.number(),
    earlier: z.number().optional().describe('How much of `used` the runs before this resume used.'),
  }),
  'hub.message': kind(
    'hub.message',
    'An event hub message for the run’s outside client (`--client`): in its mailbox, on a topic it subscribed to, or the reply to its `send`. A request carries the correlationId to reply with.',
    {
      from: z
        .string()
        .optional()
        .describe('The sender’s mailbox: `agent://crew/agent`, `crew://crew` or `client://name`.'),
      topic: z.string().optional(),
      payload: z.unknown().optional().describe('The message’s JSON value, as sent.'),
      messageId: z.string().optional(),
      metadata: z.record(z.string(), z.string()).optional(),
      reply: z.literal(true).optional().describe('The answer to a `send` line; correlationId is that send’s.'),
    },
  ),
  'run.finished': kind('run.finished', 'The run ended; always the last event.', {
    success: z.boolean(),
    exitCode: z.int().describe('What `orkeon run` exits with: 0 done, 2 failed or budget spent, 130 interrupted.'),
    tokens: z.int().nonnegative(),
    durationMs: z.number().nonnegative(),
    output: z.string().optional(),
    costUsd: z.number().nonnegative().optional(),
    failed: z.array(z.string()).optional(),
    skipped: z.array(z.string()).optional(),
    interrupted: z.literal(true).optional(),
    budgetExhausted: z.enum(['tokens', 'costUsd', 'wallTime', 'toolCalls']).optional(),
    error: failure.optional(),
  }),
} as const;

/** Any outbound event. */
export const runEventSchema = z.discriminatedUnion(
  'kind',
  Object.values(runEventSchemas) as unknown as [
    (typeof runEventSchemas)['run.started'],
    ...(typeof runEventSchemas)[keyof typeof runEventSchemas][],
  ],
);

/** `input.given` on standard input: the answer to an `input.needed`. Without a correlationId it answers the oldest pending ask. */
export const inputGivenSchema = z
  .object({
    kind: z.literal('input.given'),
    correlationId: z.string().optional(),
    value: z.union([z.string(), z.boolean()]),
  })
  .describe('Inbound: the answer to an input.needed event.');

const hubPayload = z.unknown().describe('Any JSON value; absent: null.');
const hubTopic = z.string().min(1);

/** Inbound lines that speak on the event hub as the run's outside client (`--client`, see docs/events.md). */
export const hubLineSchemas = {
  post: z.object({ kind: z.literal('post'), to: z.string().describe('A mailbox address.'), payload: hubPayload }),
  send: z.object({
    kind: z.literal('send'),
    to: z.string().describe('A mailbox address.'),
    payload: hubPayload,
    timeoutMs: z.number().positive().optional().describe('Default 30000.'),
    correlationId: z.string().optional().describe('Yours, to match the reply’s `hub.message` by.'),
  }),
  publish: z.object({
    kind: z.literal('publish'),
    topic: hubTopic,
    payload: hubPayload,
    retainAs: z.string().min(1).optional().describe('Keep the payload as the last value under this key.'),
  }),
  reply: z.object({ kind: z.literal('reply'), correlationId: z.string(), payload: hubPayload }),
  subscribe: z.object({ kind: z.literal('subscribe'), topic: hubTopic }),
  unsubscribe: z.object({ kind: z.literal('unsubscribe'), topic: hubTopic }),
} as const;

/** Any inbound event hub line. */
export const hubLineSchema = z
  .discriminatedUnion(
    'kind',
    Object.values(hubLineSchemas) as unknown as [
      (typeof hubLineSchemas)['post'],
      ...(typeof hubLineSchemas)[keyof typeof hubLineSchemas][],
    ],
  )
  .describe('Inbound: a message on the event hub from the run’s outside client.');

export type RunEventKind = keyof typeof runEventSchemas;
/** One event of a run, `kind` telling which; `runtime.stream()` yields these and `--events jsonl` writes them. */
export type RunEvent = { [Kind in RunEventKind]: z.output<(typeof runEventSchemas)[Kind]> }[RunEventKind];
export type RunEventOf<Kind extends RunEventKind> = Extract<RunEvent, { kind: Kind }>;
export type InputGiven = z.output<typeof inputGivenSchema>;
export type HubLine = {
  [Kind in keyof typeof hubLineSchemas]: z.output<(typeof hubLineSchemas)[Kind]>;
}[keyof typeof hubLineSchemas];

/** An event before the bus stamps it: no `v`, `seq` or `ts`. */
export type RunEventBody = RunEvent extends infer Event
  ? Event extends RunEvent
    ? Omit<Event, 'v' | 'seq' | 'ts'>
    : never
  : never;

export type RunEventListener = (event: RunEvent) => void | Promise<void>;

/** The published JSON Schema of the events (outbound, and inbound `input.given` and event hub lines). */
export function runEventsJsonSchema(): Record<string, unknown> {
  const outbound = z.toJSONSchema(runEventSchema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  const inbound = z.toJSONSchema(inputGivenSchema, { io: 'input' }) as Record<string, unknown>;
  const { $schema, ...rest } = outbound;
  const { $schema: _, ...given } = inbound;
  const { $schema: __, ...hubLine } = z.toJSONSchema(hubLineSchema, { io: 'input' }) as Record<string, unknown>;
  return {
    $schema,
    $id: 'https://orkeon.dev/schema/events.schema.json',
    title: 'Orkeon run events',
    description: `One JSON object per line of \`orkeon run --events jsonl\` (envelope v ${runEventVersion}); see docs/events.md. Readers ignore kinds they do not know.`,
    ...rest,
    $defs: { inputGiven: given, hubLine },
  };
}
