import type { Logger, ServiceProvider } from '@orkeon/core';
import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { A2ASettings } from '../registration/a2a-settings.js';
import { AgentRepositoryService } from '../registration/agent-repository.js';
import { A2AServerNotBoundError } from '../registration/registration-errors.js';
import type { A2AAgentCard } from '../wire/agent-card.js';
import { A2A_PATHS } from '../wire/sse.js';
import { A2A_DEFAULT_INPUT_MODE } from '../wire/task-request.js';
import type { A2ARequestGuard, A2AScopeSource } from './a2a-server-options.js';
import { parseJsonBody } from './json-body-parser.js';
import { registerMetricsRoute } from './metrics-route.js';
import { discardRequestBody } from './oversize-body.js';
import type { RunningTasks } from './running-tasks.js';
import { cancelTask, getTask, send, sendSubscribe, type TaskRouteContext } from './task-handlers.js';
import type { TaskStamps } from './task-stamps.js';

/** What the routes need from the server that registers them. */
export interface A2ARoutesOptions {
  readonly settings: A2ASettings;
  readonly logger: Logger;
  readonly guards: readonly A2ARequestGuard[];
  readonly running: RunningTasks;
  /** The clock and id generator of task records. */
  readonly stamps: TaskStamps;
  /** The provider request scopes are created from; read per request, since it may be bound after start. */
  readonly services: () => A2AScopeSource | undefined;
  /** False once the server is stopping: new tasks are answered 503. */
  readonly accepting: () => boolean;
  /** The address published in the agent card. */
  readonly url: () => string;
}

/**
 * The A2A endpoints as a Fastify plugin: agent card, send, sendSubscribe, status and
 * cancel, with JSON bodies under any content type, the request guards (every route but
 * the card), and JSON error answers. Every request gets its own service scope, disposed
 * when the answer is complete.
 *
 * @experimental SVCEXP001
 */
export const a2aRoutes: FastifyPluginCallback<A2ARoutesOptions> = (app, options, done) => {
  const withScope = async <T>(work: (scope: ServiceProvider) => Promise<T>): Promise<T> => {
    const services = options.services();
    if (services === undefined) throw new A2AServerNotBoundError();
    const scope = services.createScope();
    try {
      return await work(scope);
    } finally {
      await scope.dispose();
    }
  };
  const context: TaskRouteContext = {
    logger: options.logger,
    running: options.running,
    now: options.stamps.now,
    newId: options.stamps.newId,
    accepting: options.accepting,
    withScope,
  };

  app.removeAllContentTypeParsers();
  // JSON under any content type. application/json is also registered by name: Fastify
  // caches the parser it finds by name, while the catch-all is looked up on every request.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
  app.addContentTypeParser('*', { parseAs: 'string' }, parseJsonBody);

  for (const guard of options.guards) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.split('?')[0] === A2A_PATHS.agentCard) return;
      await guard(request, reply);
    });
  }

  app.setErrorHandler((error: FastifyError, request, reply) => answerError(error, request, reply, options));
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({
      error: `Not found: ${request.method} ${request.url.split('?')[0]}. The A2A endpoints are GET ${A2A_PATHS.agentCard}, POST ${A2A_PATHS.send}, POST ${A2A_PATHS.sendSubscribe}, GET and DELETE /a2a/tasks/{id}; A2A v1.0: GET /.well-known/agent-card.json, POST /a2a/jsonrpc and the HTTP+JSON binding below /a2a/v1.`,
    });
  });

  app.get(A2A_PATHS.agentCard, async (_request, reply): Promise<A2AAgentCard> => {
    const agents = await withScope((scope) => scope.get(AgentRepositoryService).getAvailableAgents());
    void reply.header('cache-control', 'no-cache');
    return {
      name: options.settings.Name,
      description: options.settings.Description,
      version: options.settings.Version,
      url: options.url(),
      skills: agents.map((agent) => ({
        id: agent.id,
        name: agent.name,
        description: agent.description,
        tags: [...agent.tags],
        inputModes: [A2A_DEFAULT_INPUT_MODE],
        outputModes: [A2A_DEFAULT_INPUT_MODE],
      })),
    };
  });
  app.post(A2A_PATHS.send, (request, reply) => send(context, request, reply));
  app.post(A2A_PATHS.sendSubscribe, (request, reply) => sendSubscribe(context, request, reply));
  app.get<{ Params: { id: string } }>('/a2a/tasks/:id', (request, reply) => getTask(context, request.params.id, reply));
  app.delete<{ Params: { id: string } }>('/a2a/tasks/:id', (request, reply) =>
    cancelTask(context, request.params.id, reply),
  );
  // GET /metrics when a MetricsExposition is registered (Svc:Monitoring:PrometheusEndpoint), behind the guards.
  registerMetricsRoute(app, withScope);
  done();
};

async function answerError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  options: A2ARoutesOptions,
): Promise<FastifyReply> {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    // The client may still be sending: read the rest first, so closing leaves nothing unread (no reset).
    await discardRequestBody(request.raw);
    return reply
      .code(413)
      .header('connection', 'close')
      .send({
        error: `The request body is larger than the limit of ${options.settings.BodyLimitBytes} bytes (A2A:BodyLimitBytes). Send a smaller input, or raise the limit.`,
        limitBytes: options.settings.BodyLimitBytes,
      });
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return reply.code(status).send({ error: error.message });
  }
  options.logger.error({ err: error, method: request.method, url: request.url }, 'A2A request failed unexpectedly.');
  return reply.code(500).send({ error: 'Internal server error. The cause is in the server log.' });
}
