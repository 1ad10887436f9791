import { createLogger, type Logger, type ServiceProvider, serviceToken } from '@orkeon/core';
import fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { A2ATaskStoreService } from '../persistence/a2a-task-store.js';
import type { A2ASettings } from '../registration/a2a-settings.js';
import type { NormalizedA2ATaskRequest } from '../registration/agent-registration.js';
import { AgentRepositoryService } from '../registration/agent-repository.js';
import { A2AServerNotBoundError } from '../registration/registration-errors.js';
import { A2ATaskRouterService } from '../routing/a2a-task-router.js';
import { normalizeA2ATaskRequest } from '../routing/normalize-request.js';
import type { A2AAgentCard } from '../wire/agent-card.js';
import { isoTimestamp } from '../wire/iso-timestamp.js';
import { A2A_PATHS } from '../wire/sse.js';
import { A2A_DEFAULT_INPUT_MODE } from '../wire/task-request.js';
import type { A2ATaskResult } from '../wire/task-result.js';
import type { A2AHttpsOptions, A2ARequestGuard, A2AScopeSource, A2AServerOptions } from './a2a-server-options.js';
import { isValidTaskId, validateTaskRequest } from './request-validation.js';
import { RunningTasks } from './running-tasks.js';
import { SseWriter } from './sse-writer.js';
import { executeTask, type TaskExecutionContext } from './task-execution.js';

/** Where a started server listens. */
export interface A2AServerAddress {
  readonly host: string;
  readonly port: number;
  /** e.g. `http://127.0.0.1:5002`. */
  readonly url: string;
}

type Accepted =
  | { readonly ok: true; readonly request: NormalizedA2ATaskRequest; readonly signal: AbortSignal }
  | { readonly ok: false; readonly status: number; readonly body: Record<string, unknown> };

/**
 * The A2A HTTP server (Fastify): agent card, send, sendSubscribe, status and cancel.
 * Every request gets its own service scope, disposed when the answer is complete.
 *
 * @experimental SVCEXP001
 */
export class A2AServer {
  readonly #settings: A2ASettings;
  readonly #logger: Logger;
  readonly #guards: readonly A2ARequestGuard[];
  readonly #https: A2AHttpsOptions | undefined;
  readonly #running: RunningTasks;
  #services: A2AScopeSource | undefined;
  #app: FastifyInstance | undefined;
  #address: A2AServerAddress | undefined;

  constructor(options: A2AServerOptions) {
    this.#settings = options.settings;
    this.#services = options.services;
    this.#logger = options.logger ?? createLogger({ bindings: { component: 'a2a' } });
    this.#guards = options.guards ?? [];
    this.#https = options.https;
    const seconds = this.#settings.RequestTimeoutSeconds;
    this.#running = new RunningTasks(seconds * 1000, () => {
      const reason = new Error(
        `it ran longer than ${seconds} s (A2A:RequestTimeoutSeconds). Raise the limit, or make the agent answer sooner.`,
      );
      reason.name = 'TimeoutError';
      return reason;
    });
  }

  /** Where the server listens; `undefined` before `start()` and after `stop()`. */
  get address(): A2AServerAddress | undefined {
    return this.#address;
  }

  /** How many tasks run now. */
  get runningTaskCount(): number {
    return this.#running.size;
  }

  /** Gives the provider request scopes are created from (the host's root provider). */
  useServices(services: A2AScopeSource): this {
    this.#services = services;
    return this;
  }

  async start(): Promise<A2AServerAddress> {
    if (this.#address !== undefined) return this.#address;
    if (this.#services === undefined) throw new A2AServerNotBoundError();
    const app = this.#build();
    await app.listen({ host: this.#settings.Host, port: this.#settings.Port });
    const bound = app.server.address();
    const port = typeof bound === 'object' && bound !== null ? bound.port : this.#settings.Port;
    const protocol = this.#https === undefined ? 'http' : 'https';
    const host = this.#settings.Host;
    this.#app = app;
    this.#address = { host, port, url: `${protocol}://${host.includes(':') ? `[${host}]` : host}:${port}` };
    this.#logger.info({ url: this.#address.url }, 'A2A server listening.');
    return this.#address;
  }

  /**
   * Stops taking tasks (new ones are answered 503), waits up to `graceSeconds`
   * (default `ShutdownGraceSeconds`) for running tasks, aborts the signals of those still
   * running (they answer `Cancelled`), then closes the listener.
   */
  async stop(graceSeconds: number = this.#settings.ShutdownGraceSeconds): Promise<void> {
    const app = this.#app;
    if (app === undefined) return;
    this.#app = undefined;
    const drained = await this.#running.drain(graceSeconds * 1000);
    if (!drained) {
      this.#logger.warn(
        { running: this.#running.size, graceSeconds },
        'A2A server stop: tasks still running after the grace period were cancelled.',
      );
      this.#running.abortAll(new Error('The A2A server is stopping.'));
    }
    await app.close();
    this.#address = undefined;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.stop();
  }

  #build(): FastifyInstance {
    const common = {
      logger: false,
      bodyLimit: this.#settings.BodyLimitBytes,
      return503OnClosing: true,
      forceCloseConnections: 'idle' as const,
    };
    const app = (this.#https === undefined
      ? fastify(common)
      : fastify({
          ...common,
          https: {
            ...this.#https,
            ca: this.#https.ca as string | Buffer | (string | Buffer)[],
            // Client certificates are judged by the mTLS guard, which answers 403 as JSON instead of dropping the connection.
            ...(this.#https.requestCert === true ? { rejectUnauthorized: false } : {}),
          },
        })) as unknown as FastifyInstance;

    app.removeAllContentTypeParsers();
    // JSON under any content type. application/json is also registered by name: Fastify
    // caches the parser it finds by name, while the catch-all is looked up on every request.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
    app.addContentTypeParser('*', { parseAs: 'string' }, parseJsonBody);

    for (const guard of this.#guards) {
      app.addHook('onRequest', async (request, reply) => {
        if (request.url.split('?')[0] === A2A_PATHS.agentCard) return;
        await guard(request, reply);
      });
    }

    app.setErrorHandler((error: FastifyError, request, reply) => this.#onError(error, request, reply));
    app.setNotFoundHandler((request, reply) => {
      void reply.code(404).send({
        error: `Not found: ${request.method} ${request.url.split('?')[0]}. The A2A endpoints are GET ${A2A_PATHS.agentCard}, POST ${A2A_PATHS.send}, POST ${A2A_PATHS.sendSubscribe}, GET and DELETE /a2a/tasks/{id}.`,
      });
    });

    app.get(A2A_PATHS.agentCard, (_request, reply) => this.#card(reply));
    app.post(A2A_PATHS.send, (request, reply) => this.#send(request, reply));
    app.post(A2A_PATHS.sendSubscribe, (request, reply) => this.#sendSubscribe(request, reply));
    app.get<{ Params: { id: string } }>('/a2a/tasks/:id', (request, reply) => this.#getTask(request.params.id, reply));
    app.delete<{ Params: { id: string } }>('/a2a/tasks/:id', (request, reply) =>
      this.#cancelTask(request.params.id, reply),
    );
    return app;
  }

  #onError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({
        error: `The request body is larger than the limit of ${this.#settings.BodyLimitBytes} bytes (A2A:BodyLimitBytes). Send a smaller input, or raise the limit.`,
        limitBytes: this.#settings.BodyLimitBytes,
      });
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message });
    }
    this.#logger.error({ err: error, method: request.method, url: request.url }, 'A2A request failed unexpectedly.');
    return reply.code(500).send({ error: 'Internal server error. The cause is in the server log.' });
  }

  async #withScope<T>(work: (scope: ServiceProvider) => Promise<T>): Promise<T> {
    if (this.#services === undefined) throw new A2AServerNotBoundError();
    const scope = this.#services.createScope();
    try {
      return await work(scope);
    } finally {
      await scope.dispose();
    }
  }

  async #card(reply: FastifyReply): Promise<A2AAgentCard> {
    const agents = await this.#withScope((scope) => scope.get(AgentRepositoryService).getAvailableAgents());
    void reply.header('cache-control', 'no-cache');
    return {
      name: this.#settings.Name,
      description: this.#settings.Description,
      version: this.#settings.Version,
      url: this.#address?.url ?? `http://${this.#settings.Host}:${this.#settings.Port}`,
      skills: agents.map((agent) => ({
        id: agent.id,
        name: agent.name,
        description: agent.description,
        tags: [...agent.tags],
        inputModes: [A2A_DEFAULT_INPUT_MODE],
        outputModes: [A2A_DEFAULT_INPUT_MODE],
      })),
    };
  }

  #accept(body: unknown): Accepted {
    if (this.#app === undefined) {
      return {
        ok: false,
        status: 503,
        body: { error: 'The A2A server is stopping; send the task to another instance or retry later.' },
      };
    }
    const validated = validateTaskRequest(body);
    if (!validated.ok) return { ok: false, status: 400, body: validated.body };
    const request = normalizeA2ATaskRequest(validated.value);
    const signal = this.#running.claim(request.id);
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
    return { ok: true, request, signal };
  }

  /** Runs an accepted task in its own service scope; the id is released when it settles. */
  #run(accepted: Accepted & { ok: true }, onWorking?: TaskExecutionContext['onWorking']): Promise<A2ATaskResult> {
    const work = this.#execute(accepted.request, accepted.signal, onWorking);
    this.#running.track(accepted.request.id, work);
    return work;
  }

  async #execute(
    request: NormalizedA2ATaskRequest,
    signal: AbortSignal,
    onWorking: TaskExecutionContext['onWorking'],
  ): Promise<A2ATaskResult> {
    try {
      return await this.#withScope((scope) =>
        executeTask(request, {
          router: scope.get(A2ATaskRouterService),
          store: scope.tryGet(A2ATaskStoreService),
          logger: this.#logger,
          signal,
          onWorking,
        }),
      );
    } finally {
      this.#running.release(request.id);
    }
  }

  async #send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const accepted = this.#accept(request.body);
    if (!accepted.ok) return reply.code(accepted.status).send(accepted.body);
    return reply.code(200).send(await this.#run(accepted));
  }

  async #sendSubscribe(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const accepted = this.#accept(request.body);
    if (!accepted.ok) return reply.code(accepted.status).send(accepted.body);
    reply.hijack();
    const stream = new SseWriter(reply.raw);
    stream.open();
    try {
      const result = await this.#run(accepted, (update) => stream.status(update));
      stream.status(result);
    } catch (error) {
      this.#logger.error({ err: error, taskId: accepted.request.id }, 'A2A streamed task failed unexpectedly.');
      stream.status({
        taskId: accepted.request.id,
        status: 'Failed',
        error: 'Internal server error. The cause is in the server log.',
        timestamp: isoTimestamp(),
      });
    }
    stream.done();
    return reply;
  }

  async #getTask(taskId: string, reply: FastifyReply): Promise<FastifyReply> {
    if (!isValidTaskId(taskId)) return reply.code(400).send(invalidTaskIdBody(taskId));
    return this.#withScope(async (scope) => {
      const store = scope.tryGet(A2ATaskStoreService);
      if (store === undefined) {
        return reply.code(501).send({
          error:
            'Task status is not available: A2A task persistence is off, so no task records are kept. Register a checkpoint StateStore, then call addSvcA2ATaskPersistence(services).',
          taskId,
          persistence: 'disabled',
        });
      }
      const record = await store.get(taskId);
      if (record === undefined) return reply.code(404).send(unknownTaskBody(taskId));
      return reply.code(200).send(record);
    });
  }

  async #cancelTask(taskId: string, reply: FastifyReply): Promise<FastifyReply> {
    if (!isValidTaskId(taskId)) return reply.code(400).send(invalidTaskIdBody(taskId));
    return this.#withScope(async (scope) => {
      const store = scope.tryGet(A2ATaskStoreService);
      if (store === undefined) {
        return reply.code(200).send({
          taskId,
          acknowledged: true,
          note: 'Cancellation is advisory and task persistence is off: nothing was recorded and work in flight keeps running. Enable it with addSvcA2ATaskPersistence(services) to record Cancelled.',
        });
      }
      const now = isoTimestamp();
      const stored = await store.update(taskId, (current) =>
        current === undefined
          ? undefined
          : {
              ...current,
              status: 'Cancelled',
              error: 'The task was cancelled by a DELETE request.',
              updatedAt: now,
            },
      );
      if (stored === undefined) return reply.code(404).send(unknownTaskBody(taskId));
      return reply.code(200).send(stored);
    });
  }
}

/** @experimental SVCEXP001 */
export const A2AServerService = serviceToken<A2AServer>('A2AServer');

/** Resolves the registered `A2AServer`, binds it to `provider` and starts it. */
export async function startA2AServer(provider: ServiceProvider): Promise<A2AServer> {
  const server = provider.get(A2AServerService);
  server.useServices(provider);
  await server.start();
  return server;
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

type BodyParserDone = (error: Error | null, body?: unknown) => void;

function parseJsonBody(_request: FastifyRequest, body: string | Buffer, done: BodyParserDone): void {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (text.trim().length === 0) {
    done(null, undefined);
    return;
  }
  try {
    done(null, JSON.parse(text));
  } catch (error) {
    const problem = new Error(
      `The request body is not valid JSON (${error instanceof Error ? error.message : String(error)}). Send a JSON object such as {"skillId":"<skill id>","input":"<text>"}.`,
    ) as Error & { statusCode: number };
    problem.statusCode = 400;
    done(problem, undefined);
  }
}
