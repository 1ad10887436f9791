import type { JSONSchema7 } from 'ai';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { TokenUsage } from '../llm/llm-client.js';
import { askCoworkerToolName, delegateWorkToolName } from '../tools/collaboration/collaboration-tools.js';
import type { CrewRun } from './crew-run.js';
import { interruptedError } from './crew-run-failure.js';
import { agentSystemPrompt } from './task-prompt.js';
import { zeroUsage } from './token-usage.js';

/** The manager's verdict on an answer. */
export interface Review {
  readonly approved: boolean;
  readonly feedback: string;
  readonly usage: TokenUsage;
}

/** The manager's choice of worker, and why (its own words, or why the first worker took the task). */
export interface Assignment {
  readonly worker: AgentDefinition;
  readonly reason: string;
  readonly usage: TokenUsage;
}

/**
 * Asks the manager which worker does `task`: a JSON answer `{ "agent": "<id>" }`
 * through its client's `complete`. An error or an answer that names no worker falls
 * back to the first worker, with a warning. Throws only when the run is interrupted.
 */
export async function assignWorker(
  run: CrewRun,
  manager: AgentDefinition,
  workers: readonly AgentDefinition[],
  task: TaskDefinition,
): Promise<Assignment> {
  const fallback = workers[0] as AgentDefinition;
  const schema: JSONSchema7 = {
    type: 'object',
    properties: { agent: { type: 'string', enum: workers.map((worker) => worker.id) }, reason: { type: 'string' } },
    required: ['agent'],
    additionalProperties: false,
  };
  const prompt = [
    `Choose the worker for task '${task.id}' of the crew '${run.crew.name}'${run.crew.goal === undefined ? '' : ` (goal: ${run.crew.goal})`}.`,
    `# Task\n${task.description}`,
    `# Expected output\n${task.expectedOutput}`,
    `# Workers\n${workers.map((worker) => `- ${worker.id}: ${worker.role}. Goal: ${worker.goal}`).join('\n')}`,
    'Answer with JSON only: {"agent": "<worker id>", "reason": "<one sentence>"}.',
  ].join('\n\n');
  const answer = await askManager(run, manager, task, prompt, schema, 'assignment');
  const chosen = answer.value as { agent?: unknown; reason?: unknown } | undefined;
  const id = typeof chosen?.agent === 'string' ? chosen.agent.trim().toLowerCase() : undefined;
  const worker = workers.find((candidate) => candidate.id.toLowerCase() === id);
  if (worker === undefined) {
    const reason = answer.failed
      ? 'the manager could not assign the task; the first worker takes it'
      : 'the manager named no worker of the crew; the first worker takes the task';
    run.logger.warn(
      { task: task.id, manager: manager.id, answer: answer.failed ? undefined : chosen, fallback: fallback.id },
      reason,
    );
    return { worker: fallback, reason, usage: answer.usage };
  }
  const reason = typeof chosen?.reason === 'string' ? chosen.reason.trim() : '';
  return { worker, reason, usage: answer.usage };
}

/**
 * Asks the manager to review `output`: a JSON answer `{ "approved": true|false,
 * "feedback": "…" }`. A manager with `allowDelegation` reviews in a turn of its tool
 * loop, so that before its verdict it may ask coworkers to check the answer or do part
 * of the work; otherwise the review is one `complete` call. A review that errors, or
 * whose answer has no `approved` true/false, counts as approval (with a warning).
 * Throws only when the run is interrupted.
 */
export async function reviewOutput(
  run: CrewRun,
  manager: AgentDefinition,
  worker: AgentDefinition,
  task: TaskDefinition,
  output: string,
): Promise<Review> {
  const schema: JSONSchema7 = {
    type: 'object',
    properties: { approved: { type: 'boolean' }, feedback: { type: 'string' } },
    required: ['approved', 'feedback'],
    additionalProperties: false,
  };
  const prompt = [
    `Review the answer of ${worker.role} ('${worker.id}') to task '${task.id}'.`,
    `# Task\n${task.description}`,
    `# Expected output\n${task.expectedOutput}`,
    `# Answer\n${output}`,
    ...(manager.allowDelegation
      ? [
          `Before your verdict you may turn to your coworkers: ${askCoworkerToolName} to have one check a fact of the answer, ${delegateWorkToolName} to hand one a part of the work. Weigh what they answer.`,
        ]
      : []),
    'Approve it when it meets the expected output. Answer with JSON only: {"approved": true or false, "feedback": "<what to change when not approved>"}.',
  ].join('\n\n');
  const answer = await askManager(run, manager, task, prompt, schema, 'review');
  const verdict = answer.value as { approved?: unknown; feedback?: unknown } | undefined;
  if (typeof verdict?.approved !== 'boolean') {
    if (!answer.failed) {
      run.logger.warn(
        { task: task.id, manager: manager.id },
        'the manager’s review had no approved true/false; counted as approval',
      );
    }
    return { approved: true, feedback: '', usage: answer.usage };
  }
  const feedback = typeof verdict.feedback === 'string' ? verdict.feedback : '';
  return { approved: verdict.approved, feedback, usage: answer.usage };
}

async function askManager(
  run: CrewRun,
  manager: AgentDefinition,
  task: TaskDefinition,
  prompt: string,
  schema: JSONSchema7,
  purpose: 'assignment' | 'review',
): Promise<{ value: unknown; usage: TokenUsage; failed: boolean }> {
  const signal = run.signal;
  try {
    if (purpose === 'review' && manager.allowDelegation) {
      // An agent turn like a worker's: the collaboration tools cross the tool pipeline; turn records the tokens.
      const result = await run.turn(task, manager, prompt, { type: 'json', schema });
      return { value: result.value ?? parseJson(result.output), usage: result.usage, failed: false };
    }
    const result = await run.client(manager, task).complete(prompt, {
      system: agentSystemPrompt(manager),
      responseFormat: { type: 'json', schema },
      ...(signal === undefined ? {} : { signal }),
    });
    run.recordUsage(result.usage);
    if (result.interrupted === true) throw interruptedError(task);
    return { value: result.value ?? parseJson(result.output), usage: result.usage, failed: false };
  } catch (error) {
    if (run.interrupted) throw interruptedError(task);
    run.logger.warn(
      { task: task.id, manager: manager.id, err: error },
      purpose === 'assignment'
        ? 'the manager’s assignment failed; the first worker takes the task'
        : 'the manager’s review failed; counted as approval',
    );
    return { value: undefined, usage: zeroUsage, failed: true };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
