import { DlpChannelGuardService, type Logger, type ServiceProvider } from '@orkeon/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { A2ATaskStoreService } from '../persistence/a2a-task-store.js';
import type { NormalizedA2ATaskRequest } from '../registration/agent-registration.js';
import { A2ATaskRouterService } from '../routing/a2a-task-router.js';
import { normalizeA2ATaskRequest } from '../routing/normalize-request.js';
import { isoTimestamp } from '../wire/iso-timestamp.js';
import { A2A_PATHS } from '../wire/sse.js';
import type { A2ATaskResult } from '../wire/task-result.js';
import { isValidTaskId, validateTaskRequest } from './request-validation.js';
import type { RunningTasks } from './running-tasks.js';
import { screenedAnswers } from './screened-answers.js';
import { SseWriter } from './sse-writer.js';
import { executeTask, type TaskExecutionContext } from './task-execution.js';

/** What the task endpoints share: the running tasks, the request scopes and whether tasks are taken. */
export interface TaskRouteContext {
  readonly logger: Logger;
  readonly running: RunningTasks;
  /** The time stamped into records and updates, in milliseconds since 1970. */
  readonly now: () => number;
  /** The id of a task sent without one. */
  readonly newId: () => string;
  readonly accepting: () => boolean;
  withScope<T>(work: (scope: ServiceProvider) => Promise<T>): Promise<T>;
}

type Accepted =
  | {
      readonly ok: true;
      readonly request: NormalizedA2ATaskRequest;
      readonly signal: AbortSignal;
      /** The sender gave the id, so it can ask about the task while it runs. */
      readonly idGiven: boolean;
    }
  | { readonly ok: false; readonly status: number; readonly body: Record<string, unknown> };

/** `POST /a2a/tasks/send`: runs the task and answers its result. */
export async function send(context: TaskRouteContext, request: FastifyRequest, reply: FastifyReply) {
  const accepted = accept(context, request.body);
  if (!accepted.ok) return reply.code(accepted.status).send(accepted.body);
  return reply.code(200).send(await run(context, accepted));
}

/** `POST /a2a/tasks/sendSubscribe`: a `Working` update, the final update, then `[DONE]`, as SSE. */
export async function sendSubscribe(context: TaskRouteContext, request: FastifyRequest, reply: FastifyReply) {
  const accepted = accept(context, request.body);
  if (!accepted.ok) return reply.code(accepted.status).send(accepted.body);
  reply.hijack();
  const stream = new SseWriter(reply.raw);
  stream.open();
  try {
    const result = await run(context, accepted, (update) => stream.status(update));
    stream.status(result);
  } catch (error) {
    context.logger.error({ err: error, taskId: accepted.request.id }, 'A2A streamed task failed unexpectedly.');
    stream.status({
      taskId: accepted.request.id,
      status: 'Failed',
      error: 'Internal server error. The cause is in the server log.',
      timestamp: isoTimestamp(failureTime(context)),
    });
  }
  stream.done();
  return reply;
}

/** `GET /a2a/tasks/{id}`: the record with persistence, 501 without. */
export function getTask(context: TaskRouteContext, taskId: string, reply: FastifyReply) {
  if (!isValidTaskId(taskId)) return reply.code(400).send(invalidTaskIdBody(taskId));
  return context.withScope(async (scope) => {
    const store = scope.tryGet(A2ATaskStoreService);
    if (store === undefined) {
      return reply.code(501).send({
        error:
          'Task status is not available: A2A task persistence is off, so no task records are kept. Register a DocumentStore (addSqliteCheckpointing, addPostgresCheckpointing or addDocumentStore), then call addSvcA2ATaskPersistence(services); orkeon serve keeps records unless started with --no-persistence.',
        taskId,
        persistence: 'disabled',
      });
    }
    const record = await store.get(taskId);
    if (record === undefined) return reply.code(404).send(unknownTaskBody(taskId));
    return reply.code(200).send(record);
  });
}

/** `DELETE /a2a/tasks/{id}`: advisory; records `Cancelled` with persistence, acknowledges without. */
export function cancelTask(context: TaskRouteContext, taskId: string, reply: FastifyReply) {
  if (!isValidTaskId(taskId)) return reply.code(400).send(invalidTaskIdBody(taskId));
  return context.withScope(async (scope) => {
    const store = scope.tryGet(A2ATaskStoreService);
    if (store === undefined) {
      return reply.code(200).send({
        taskId,
        acknowledged: true,
        note: 'Cancellation is advisory and task persistence is off: nothing was recorded and work in flight keeps running. Register a DocumentStore and call addSvcA2ATaskPersistence(services) to record Cancelled.',
      });
    }
    const now = isoTimestamp(context.now());
    const stored = await store.update(taskId, (current) =>
      current === undefined
        ? undefined
        : { ...current, status: 'Cancelled', error: 'The task was cancelled by a DELETE request.', updatedAt: now },
    );
    if (stored === undefined) return reply.code(404).send(unknownTaskBody(taskId));
    return reply.code(200).send(stored);
  });
}

function accept(context: TaskRouteContext, body: unknown): Accepted {
  if (!context.accepting()) {
    return {
      ok: false,
      status: 503,
      body: { error: 'The A2A server is stopping; send the task to another instance or retry later.' },
    };
  }
  const validated = validateTaskRequest(body);
  if (!validated.ok) return { ok: false, status: 400, body: validated.body };
  const submitted = validated.value;
  const request = normalizeA2ATaskRequest(
    submitted.id === undefined ? { ...submitted, id: context.newId() } : submitted,
  );
  const signal = context.running.claim(request.id, { dialect: 'seed', skillId: request.skillId });
  if (signal === undefined) {
    return {
      ok: false,
      status: 409,
      body: {
        error: `A task with id '${request.id}' is already running. Wait for it to finish, or send the new task with another id (or without an id).`,
        taskId: request.id,
      },
    };
  }
  return { ok: true, request, signal, idGiven: submitted.id !== undefined };
}

/** Runs an accepted task in its own service scope; the id is released when it settles. */
function run(
  context: TaskRouteContext,
  accepted: Accepted & { ok: true },
  onWorking?: TaskExecutionContext['onWorking'],
): Promise<A2ATaskResult> {
  const { request, signal } = accepted;
  const work = context
    .withScope((scope) =>
      executeTask(request, {
        // Svc:Dlp:ApplyInPipeline: the answer passes the ExternalOutput channel before it is recorded or sent.
        router: screenedAnswers(scope.get(A2ATaskRouterService), scope.tryGet(DlpChannelGuardService)),
        store: scope.tryGet(A2ATaskStoreService),
        logger: context.logger,
        now: context.now,
        signal,
        onWorking,
        // A blocking send without an id: until the answer, no one else can ask for this task.
        idKnownOnlyHere: onWorking === undefined && !accepted.idGiven,
      }),
    )
    .finally(() => context.running.release(request.id));
  context.running.track(request.id, work);
  return work;
}

/** The host's clock, or the system's when the host's clock is what failed: the stream must still end. */
function failureTime(context: TaskRouteContext): number {
  try {
    return context.now();
  } catch {
    return Date.now();
  }
}

function unknownTaskBody(taskId: string): Record<string, unknown> {
  return {
    error: `Unknown task id '${taskId}': no task with this id is recorded. Check the id returned by POST ${A2A_PATHS.send}.`,
    taskId,
  };
}

function invalidTaskIdBody(taskId: string): Record<string, unknown> {
  return {
    error: `Invalid task id '${taskId.slice(0, 60)}': a task id is 1 to 200 characters of letters, digits, '.', '_', ':' or '-'.`,
    field: 'id',
  };
}
