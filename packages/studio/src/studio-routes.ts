import type { Configuration, Runtime, ServiceProvider } from '@orkeon/core';
import type { RunEvent } from '@orkeon/core/run-events';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { StudioA2ATask } from './studio-a2a-task.js';
import type { StudioAsks } from './studio-asks.js';
import { StudioRequestInvalidError } from './studio-errors.js';
import { StudioHistory } from './studio-history.js';
import { type StudioRuns, studioResource } from './studio-runs.js';
import { threadMessageView } from './thread-message-view.js';

export interface StudioApiOptions {
  readonly runs: StudioRuns;
  readonly asks: StudioAsks;
  /** The runtime's services: the monitoring backend's metrics and traces, the MCP connections, when registered. */
  readonly services: ServiceProvider;
  /** The runtime: its tools (the Tools view) and its conversation threads (the Chat view). */
  readonly runtime: Runtime;
  /** The settings the runtime was built from, shown with secrets redacted. */
  readonly configuration?: Configuration;
  /** The CLI's version, shown in the page's header. */
  readonly version: string;
  /** The A2A tasks of the host's server, when it has one. */
  readonly a2aTasks?: () => Promise<readonly StudioA2ATask[]>;
}

const startBody = z.strictObject({
  crew: z.string().min(1),
  variables: z.record(z.string(), z.string()).default({}),
});
const answerBody = z.strictObject({ value: z.string() });
const chatBody = z.strictObject({
  crew: z.string().min(1),
  agent: z.string().min(1),
  thread: z.string().min(1),
  message: z.string().min(1),
});

/** Seconds between SSE comments on a quiet stream, so that proxies keep it open. */
const keepAliveSeconds = 15;

/**
 * The page's API under `/api`: the crews, the runs (start, list, read, follow over SSE,
 * cancel) and the questions waiting for an answer. Errors answer `{ error: { code, message } }`.
 */
export async function studioApiRoutes(app: FastifyInstance, options: StudioApiOptions): Promise<void> {
  const { runs, asks } = options;

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof StudioRequestInvalidError)
      return reply.code(error.status).send({ error: { code: error.code, message: error.message } });
    const { statusCode, message } = error as { statusCode?: number; message?: string };
    const status = statusCode ?? 500;
    const code = status < 500 ? 'STUDIO_REQUEST_INVALID' : 'STUDIO_INTERNAL';
    return reply.code(status).send({ error: { code, message: message ?? String(error) } });
  });

  app.get('/api/a2a/tasks', async () =>
    options.a2aTasks === undefined ? { enabled: false, tasks: [] } : { enabled: true, tasks: await options.a2aTasks() },
  );

  app.get('/api/overview', async () => ({
    version: options.version,
    a2a: options.a2aTasks !== undefined,
    crews: await Promise.all(
      runs.crews.map(async (crew) => {
        // The agents, for the chat: the crew with each `{KEY}` standing for itself.
        const shown = await crew.load(Object.fromEntries(crew.variables.map((name) => [name, `{${name}}`])));
        return {
          name: crew.name,
          ...(crew.description === undefined ? {} : { description: crew.description }),
          variables: crew.variables,
          agents: shown.agents.map((agent) => ({ id: agent.id, role: agent.role })),
        };
      }),
    ),
  }));

  // The chat: one message to one agent on a thread; the answer is a run like any other, followed the same way.
  app.post('/api/chat', async (request, reply) => {
    const body = parse(chatBody, request.body);
    const run = await runs.chat(body.crew, body.agent, body.thread, body.message);
    return reply.code(201).send({ run: run.summary() });
  });

  app.get('/api/threads', async () => ({ threads: await options.runtime.threads.list(studioResource) }));

  app.get<{ Params: { id: string } }>('/api/threads/:id', async (request) => {
    const found = await options.runtime.threads.read(studioResource, request.params.id).catch((error: unknown) => {
      throw new StudioRequestInvalidError((error as Error).message);
    });
    if (found === undefined) throw new StudioRequestInvalidError(`No thread '${request.params.id}' yet.`, 404);
    return { thread: found.thread, messages: found.messages.map(threadMessageView) };
  });

  app.get('/api/runs', async () => ({ runs: runs.list().map((run) => run.summary()) }));

  app.post('/api/runs', async (request, reply) => {
    const body = parse(startBody, request.body);
    const run = await runs.start(body.crew, body.variables);
    return reply.code(201).send({ run: run.summary() });
  });

  app.get<{ Params: { id: string } }>('/api/runs/:id', async (request) => {
    const run = runs.get(request.params.id);
    return { run: run.summary(), events: run.eventsAfter(0) };
  });

  app.post<{ Params: { id: string } }>('/api/runs/:id/cancel', async (request, reply) => {
    const run = runs.get(request.params.id);
    if (run.finished) throw new StudioRequestInvalidError(`The run '${run.id}' has already ended.`, 409);
    run.cancel();
    return reply.code(202).send({ run: run.summary() });
  });

  // The run's events as server-sent events: the kept ones after Last-Event-ID (or ?after=), then live ones
  // until `run.finished`. Each event's `id` is its `seq`, so a reconnecting EventSource resumes where it was.
  app.get<{ Params: { id: string }; Querystring: { after?: string } }>('/api/runs/:id/events', (request, reply) => {
    const run = runs.get(request.params.id);
    const after = Number(request.headers['last-event-id'] ?? request.query.after ?? 0);
    streamEvents(reply, run.eventsAfter(Number.isFinite(after) ? after : 0), run.finished, (send, end) =>
      run.follow((event) => {
        if (event === undefined) return end();
        send(event);
        if (event.kind === 'run.finished') end();
      }),
    );
  });

  // The monitoring backend's figures and traces (Svc:Monitoring), loaded only when a page asks for them.
  const monitoring = async () => {
    const { MetricsAggregationService, TraceExplorerService } = await import('@orkeon/monitoring');
    const aggregation = options.services.tryGet(MetricsAggregationService);
    const explorer = options.services.tryGet(TraceExplorerService);
    return aggregation === undefined || explorer === undefined ? undefined : { aggregation, explorer };
  };

  app.get('/api/metrics', async () => {
    const backend = await monitoring();
    if (backend === undefined) return { enabled: false };
    return { enabled: true, metrics: await backend.aggregation.getMetricsSnapshot() };
  });

  app.get<{ Params: { id: string } }>('/api/runs/:id/trace', async (request) => {
    const run = runs.get(request.params.id);
    const backend = await monitoring();
    if (backend === undefined) return { enabled: false, trace: null };
    const found = run.traceId === undefined ? undefined : backend.explorer.getTraceById(run.traceId);
    return { enabled: true, trace: found ?? null };
  });

  // Past runs: the state store's checkpoint sessions and the execution states (runs of orkeon run, orkeon serve
  // and earlier Studios too), with their usage and task timeline; their spans while the backend still holds them.
  const history = new StudioHistory(options.services);
  app.get('/api/history', async () =>
    history.enabled ? { enabled: true, runs: await history.list() } : { enabled: false, runs: [] },
  );

  const pastRun = async (id: string) => {
    const run = await history.get(id);
    if (run === undefined) throw new StudioRequestInvalidError(`No recorded run has the id '${id}'.`, 404);
    return run;
  };
  app.get<{ Params: { id: string } }>('/api/history/:id', async (request) => ({
    run: await pastRun(request.params.id),
  }));

  app.get<{ Params: { id: string } }>('/api/history/:id/trace', async (request) => {
    const run = await pastRun(request.params.id);
    const backend = await monitoring();
    if (backend === undefined) return { enabled: false, trace: null };
    // The crew.run span carries the run's id (orkeon.session.id).
    const found = backend.explorer
      .searchTraces({ operationName: 'crew.run', limit: Number.MAX_SAFE_INTEGER })
      .find((trace) =>
        trace.spans.some((span) => span.name === 'crew.run' && span.attributes['orkeon.session.id'] === run.id),
      );
    return { enabled: true, trace: found ?? null };
  });

  // The tools agents may be given, and the configured MCP servers: connected with their tools, or why not.
  app.get('/api/tools', async () => {
    const { McpConnectionsService } = await import('@orkeon/mcp/settings');
    const connections = options.services.tryGet(McpConnectionsService);
    return {
      tools: options.runtime.tools
        .list()
        .map((tool) => ({ name: tool.name, description: tool.description, access: tool.access })),
      mcpServers: (connections?.servers ?? []).map((server) => ({
        id: server.id,
        connected: server.client !== undefined,
        ...(server.error === undefined ? {} : { error: server.error.message }),
        tools: [...server.tools.keys()],
      })),
    };
  });

  app.get('/api/settings', async () => ({
    sources: options.configuration?.sources ?? [],
    settings: options.configuration?.entries() ?? [],
  }));

  app.get('/api/asks', async () => ({ asks: asks.pending }));

  app.post<{ Params: { id: string } }>('/api/asks/:id', async (request) => {
    const { value } = parse(answerBody, request.body);
    if (!asks.answer(request.params.id, value))
      throw new StudioRequestInvalidError(
        `No question '${request.params.id}' is waiting: it was answered already, or its run stopped.`,
        404,
      );
    return { answered: true };
  });
}

function parse<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body);
  if (!result.success)
    throw new StudioRequestInvalidError(
      `The request body is not what this route takes: ${result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')}.`,
    );
  return result.data;
}

function streamEvents(
  reply: FastifyReply,
  replay: readonly RunEvent[],
  finished: boolean,
  follow: (send: (event: RunEvent) => void, end: () => void) => () => void,
): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const send = (event: RunEvent) => raw.write(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`);
  let closed = false;
  let stopFollowing = () => {};
  const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), keepAliveSeconds * 1000);
  keepAlive.unref();
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    stopFollowing();
    // Tells the page not to reconnect: the run is over.
    raw.end('event: end\ndata: {}\n\n');
  };
  raw.on('close', () => {
    closed = true;
    clearInterval(keepAlive);
    stopFollowing();
  });
  for (const event of replay) send(event);
  if (finished) end();
  else stopFollowing = follow(send, end);
}
