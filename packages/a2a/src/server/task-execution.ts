import type { Logger } from '@orkeon/core';
import type { A2ATaskStore } from '../persistence/a2a-task-store.js';
import type { NormalizedA2ATaskRequest } from '../registration/agent-registration.js';
import { isoTimestamp } from '../wire/iso-timestamp.js';
import type { A2ATaskRecord } from '../wire/task-record.js';
import type { A2ATaskResult } from '../wire/task-result.js';
import type { A2ATaskStatus } from '../wire/task-status.js';
import type { A2ATaskRouting } from './screened-answers.js';

export interface TaskExecutionContext {
  readonly router: A2ATaskRouting;
  readonly store: A2ATaskStore | undefined;
  readonly logger: Logger;
  /** The time stamped into records and updates, in milliseconds since 1970. */
  readonly now: () => number;
  readonly signal: AbortSignal;
  /** Called once the task is `Working`, before the agent runs. */
  readonly onWorking?: ((update: A2ATaskResult) => void) | undefined;
  /**
   * Nobody but this server knows the task id until the answer (a blocking send without an
   * id): the record is written once, when the task ends.
   */
  readonly idKnownOnlyHere?: boolean | undefined;
}

/**
 * Runs one accepted task through Working → Completed | Failed (| Cancelled),
 * recording each step when persistence is on. A record that became `Cancelled` while the
 * work ran stays `Cancelled`, and so does the answer. Persistence failures are logged only.
 */
export function executeTask(request: NormalizedA2ATaskRequest, context: TaskExecutionContext): Promise<A2ATaskResult> {
  const store = context.store;
  if (store !== undefined) return executeRecordedTask(request, context, store);
  context.onWorking?.({ taskId: request.id, status: 'Working', timestamp: isoTimestamp(context.now()) });
  return context.router.routeTask(request, context.signal);
}

async function executeRecordedTask(
  request: NormalizedA2ATaskRequest,
  context: TaskExecutionContext,
  store: A2ATaskStore,
): Promise<A2ATaskResult> {
  const { logger, now } = context;
  const taskId = request.id;
  if (context.idKnownOnlyHere === true) return executeTaskRecordedAtTheEnd(request, context, store);
  // Accepted tasks start at once, so Pending is never observable: the record is created Working (one write, not two).
  const working = withStatus(undefined, request, 'Working', now());
  await record(store, logger, taskId, () => working);
  context.onWorking?.({ taskId, status: 'Working', timestamp: working.updatedAt });

  const result = await context.router.routeTask(request, context.signal);

  const stored = await record(store, logger, taskId, (current) => {
    if (current?.status === 'Cancelled') return undefined;
    return {
      ...withStatus(current, request, result.status, now()),
      ...(result.output === undefined ? {} : { output: result.output }),
      ...(result.error === undefined ? {} : { error: result.error }),
    };
  });
  if (stored?.status === 'Cancelled') {
    return {
      taskId,
      status: 'Cancelled',
      error: stored.error ?? 'The task was cancelled while it ran; its result was discarded.',
      timestamp: stored.updatedAt,
    };
  }
  return result;
}

/**
 * A task no one else can ask about while it runs: no `Working` record to read back and
 * update, one write of the ended task (before its answer leaves, so the answer is on disk).
 */
async function executeTaskRecordedAtTheEnd(
  request: NormalizedA2ATaskRequest,
  context: TaskExecutionContext,
  store: A2ATaskStore,
): Promise<A2ATaskResult> {
  const { logger, now } = context;
  const createdAt = isoTimestamp(now());
  const result = await context.router.routeTask(request, context.signal);
  const ended: A2ATaskRecord = {
    ...withStatus(undefined, request, result.status, now()),
    createdAt,
    ...(result.output === undefined ? {} : { output: result.output }),
    ...(result.error === undefined ? {} : { error: result.error }),
  };
  if (store.save === undefined) await record(store, logger, request.id, () => ended);
  else
    await store.save(ended).catch((error: unknown) => {
      logger.error(
        { err: error, taskId: request.id },
        'Could not record the A2A task state; the task goes on without it.',
      );
    });
  return result;
}

function withStatus(
  current: A2ATaskRecord | undefined,
  request: NormalizedA2ATaskRequest,
  status: A2ATaskStatus,
  milliseconds: number,
): A2ATaskRecord {
  const now = isoTimestamp(milliseconds);
  return {
    taskId: request.id,
    skillId: request.skillId,
    createdAt: current?.createdAt ?? now,
    status,
    updatedAt: now,
  };
}

async function record(
  store: A2ATaskStore,
  logger: Logger,
  taskId: string,
  change: (current: A2ATaskRecord | undefined) => A2ATaskRecord | undefined,
): Promise<A2ATaskRecord | undefined> {
  try {
    return await store.update(taskId, change);
  } catch (error) {
    logger.error({ err: error, taskId }, 'Could not record the A2A task state; the task goes on without it.');
    return undefined;
  }
}
