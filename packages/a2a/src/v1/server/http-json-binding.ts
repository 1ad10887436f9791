import type { Logger } from '@orkeon/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerIdentityOf } from '../../security/caller-identity.js';
import { V1ProtocolError } from '../wire/protocol-error.js';
import { writeEventStream } from './event-stream.js';
import { protocolErrorOf } from './json-rpc-binding.js';
import { receivedJson } from './v1-content-types.js';
import { dispatchV1 } from './v1-dispatch.js';
import type { V1Operations } from './v1-operations.js';
import { negotiateVersion } from './version-negotiation.js';

/** The two revisions of v1.0 whose HTTP+JSON answers differ (media type, a few statuses). */
export type V1SpecificationRevision = '1.0.0' | '1.0.1';

interface HttpJsonOptions {
  readonly operations: V1Operations;
  readonly logger: Logger;
  readonly revision: V1SpecificationRevision;
}

/**
 * The HTTP+JSON binding, below `prefix` (registered again below `prefix/:tenant`): `POST message:send`, `POST message:stream`,
 * `GET tasks/{id}`, `GET tasks`, `POST tasks/{id}:cancel`, `GET` or `POST
 * tasks/{id}:subscribe`, and the push configs: `POST tasks/{id}/pushNotificationConfigs`
 * (201), `GET` it (list), `GET` and `DELETE …/{configId}` (204). Errors are
 * `google.rpc.Status` bodies with an `ErrorInfo` detail; answers are
 * `application/a2a+json` (v1.0.1) or `application/json` (v1.0.0).
 */
export function registerHttpJsonBinding(app: FastifyInstance, prefix: string, options: HttpJsonOptions): void {
  const run =
    (name: string, params: (request: FastifyRequest) => unknown) => (request: FastifyRequest, reply: FastifyReply) =>
      answer(options, request, reply, name, params);
  app.post(
    `${prefix}/message::send`,
    run('SendMessage', (request) => receivedJson(request.body)),
  );
  app.post(
    `${prefix}/message::stream`,
    run('SendStreamingMessage', (request) => receivedJson(request.body)),
  );
  app.get(
    `${prefix}/tasks`,
    run('ListTasks', (request) => listQuery(request.query)),
  );
  app.get<{ Params: { task: string } }>(`${prefix}/tasks/:task`, (request, reply) => {
    const { id, verb } = taskAndVerb(request.params.task);
    if (verb === 'subscribe') return answer(options, request, reply, 'SubscribeToTask', () => ({ id }));
    if (verb !== undefined) return answer(options, request, reply, `GET tasks/{id}:${verb}`, () => ({}));
    return answer(options, request, reply, 'GetTask', () => ({ id, ...numbers(request.query, ['historyLength']) }));
  });
  app.post<{ Params: { task: string } }>(`${prefix}/tasks/:task`, (request, reply) => {
    const { id, verb } = taskAndVerb(request.params.task);
    const name =
      verb === 'cancel' ? 'CancelTask' : verb === 'subscribe' ? 'SubscribeToTask' : `POST tasks/{id}:${verb ?? ''}`;
    return answer(options, request, reply, name, () => ({ ...(objectOf(receivedJson(request.body)) ?? {}), id }));
  });
  type ConfigsRoute = { Params: { task: string } };
  type ConfigRoute = { Params: { task: string; config: string } };
  const configs = `${prefix}/tasks/:task/pushNotificationConfigs`;
  app.post<ConfigsRoute>(configs, (request, reply) =>
    answer(options, request, reply, 'CreateTaskPushNotificationConfig', () => configBody(request), 201),
  );
  app.get<ConfigsRoute>(configs, (request, reply) =>
    answer(options, request, reply, 'ListTaskPushNotificationConfigs', () => ({
      ...pageQuery(request.query),
      taskId: request.params.task,
    })),
  );
  app.get<ConfigRoute>(`${configs}/:config`, (request, reply) =>
    answer(options, request, reply, 'GetTaskPushNotificationConfig', () => ({
      taskId: request.params.task,
      id: request.params.config,
    })),
  );
  app.delete<ConfigRoute>(`${configs}/:config`, (request, reply) =>
    answer(
      options,
      request,
      reply,
      'DeleteTaskPushNotificationConfig',
      () => ({ taskId: request.params.task, id: request.params.config }),
      204,
    ),
  );
  app.get(
    `${prefix}/extendedAgentCard`,
    run('GetExtendedAgentCard', () => ({})),
  );
}

async function answer(
  options: HttpJsonOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  params: (request: FastifyRequest) => unknown,
  status: 200 | 201 | 204 = 200,
): Promise<FastifyReply> {
  const mediaType = options.revision === '1.0.0' ? 'application/json' : 'application/a2a+json';
  try {
    negotiateVersion(request.headers['a2a-version'], request.query);
    const outcome = await dispatchV1(
      options.operations,
      name,
      withPathTenant(request, params(request)),
      callerIdentityOf(request.raw),
    );
    if (outcome.kind === 'answer' && status === 204) return reply.code(204).send();
    if (outcome.kind === 'answer') return reply.code(status).type(mediaType).send(outcome.value);
    reply.hijack();
    await writeEventStream(
      reply.raw,
      outcome.events,
      (event) => event,
      (error) => protocolErrorOf(error, options.logger).toHttpBody(options.revision),
    );
    return reply;
  } catch (error) {
    const problem = protocolErrorOf(error, options.logger);
    return reply.code(problem.httpStatus(options.revision)).type(mediaType).send(problem.toHttpBody(options.revision));
  }
}

/** The parameters with the tenant of the path (`/{tenant}/tasks`), which wins over one in the body. */
function withPathTenant(request: FastifyRequest, params: unknown): unknown {
  const tenant = (request.params as { tenant?: unknown } | undefined)?.tenant;
  if (typeof tenant !== 'string') return params;
  return { ...(objectOf(params) ?? {}), tenant };
}

/** `abc:cancel` → id `abc`, verb `cancel` (the last colon, also when sent as `%3A`). */
function taskAndVerb(segment: string): { id: string; verb?: string } {
  const text = decodeURIComponent(segment);
  const colon = text.lastIndexOf(':');
  if (colon <= 0) return { id: text };
  const verb = text.slice(colon + 1);
  return ['cancel', 'subscribe'].includes(verb) ? { id: text.slice(0, colon), verb } : { id: text };
}

/** The config of `POST tasks/{id}/pushNotificationConfigs`: the body, its task the path's. */
function configBody(request: FastifyRequest<{ Params: { task: string } }>): Record<string, unknown> {
  const body = objectOf(receivedJson(request.body)) ?? {};
  const taskId = request.params.task;
  if (body.taskId !== undefined && body.taskId !== '' && body.taskId !== taskId)
    throw new V1ProtocolError(
      'InvalidParams',
      `The body's taskId '${String(body.taskId)}' is not the task of the path ('${taskId}'); leave it out or make them equal.`,
    );
  return { ...body, taskId };
}

/** `pageSize` and `pageToken` of `GET tasks/{id}/pushNotificationConfigs`. */
function pageQuery(query: unknown): Record<string, unknown> {
  const { pageToken } = objectOf(query) ?? {};
  return { ...numbers(query, ['pageSize']), ...(pageToken === undefined ? {} : { pageToken }) };
}

/** The query of `GET tasks`, its numbers and booleans read as such (camelCase names). */
function listQuery(query: unknown): Record<string, unknown> {
  const given = objectOf(query) ?? {};
  const { 'A2A-Version': _version, ...rest } = given;
  const flags =
    rest.includeArtifacts === undefined
      ? {}
      : {
          includeArtifacts:
            rest.includeArtifacts === 'true' ? true : rest.includeArtifacts === 'false' ? false : rest.includeArtifacts,
        };
  return { ...rest, ...numbers(rest, ['pageSize', 'historyLength']), ...flags };
}

function numbers(query: unknown, names: readonly string[]): Record<string, unknown> {
  const given = objectOf(query) ?? {};
  const read: Record<string, unknown> = {};
  for (const name of names) {
    const value = given[name];
    if (value !== undefined) read[name] = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return read;
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
