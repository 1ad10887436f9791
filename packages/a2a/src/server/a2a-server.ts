import { createLogger, type Logger, type ServiceProvider, serviceToken } from '@orkeon/core';
import fastify, { type FastifyInstance } from 'fastify';
import type { A2ASettings } from '../registration/a2a-settings.js';
import { A2AServerNotBoundError } from '../registration/registration-errors.js';
import { cardSecurity, type V1CardSecurity } from '../v1/server/agent-card-v1.js';
import { a2aV1Routes } from '../v1/server/v1-routes.js';
import { a2aRoutes } from './a2a-routes.js';
import type { A2AHttpsOptions, A2ARequestGuard, A2AScopeSource, A2AServerOptions } from './a2a-server-options.js';
import { RunningTasks } from './running-tasks.js';
import { type TaskStamps, taskStamps } from './task-stamps.js';

/** Where a started server listens. */
export interface A2AServerAddress {
  readonly host: string;
  readonly port: number;
  /** e.g. `http://127.0.0.1:5002`. */
  readonly url: string;
}

/**
 * The A2A HTTP server: listens, serves the seed dialect's endpoints (`a2aRoutes`: agent
 * card, send, sendSubscribe, status and cancel) and A2A v1.0 beside them (`a2aV1Routes`:
 * the v1.0 card, JSON-RPC and HTTP+JSON), and stops gracefully, draining running tasks.
 *
 * @experimental SVCEXP001
 */
export class A2AServer {
  readonly #settings: A2ASettings;
  readonly #logger: Logger;
  readonly #guards: readonly A2ARequestGuard[];
  readonly #https: A2AHttpsOptions | undefined;
  readonly #running: RunningTasks;
  readonly #stamps: TaskStamps;
  readonly #cardSecurity: V1CardSecurity;
  #services: A2AScopeSource | undefined;
  #app: FastifyInstance | undefined;
  #address: A2AServerAddress | undefined;

  constructor(options: A2AServerOptions) {
    this.#settings = options.settings;
    this.#services = options.services;
    this.#logger = options.logger ?? createLogger({ bindings: { component: 'a2a' } });
    this.#guards = options.guards ?? [];
    this.#https = options.https;
    this.#stamps = taskStamps(options);
    this.#cardSecurity = options.cardSecurity ?? cardSecurity(undefined);
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
    const settings = this.#settings;
    const routes = {
      settings,
      logger: this.#logger,
      guards: this.#guards,
      running: this.#running,
      stamps: this.#stamps,
      services: () => this.#services,
      accepting: () => this.#app !== undefined,
      url: () => this.#address?.url ?? `http://${settings.Host}:${settings.Port}`,
    };
    void app.register(a2aRoutes, routes);
    void app.register(a2aV1Routes, {
      ...routes,
      cardSecurity: this.#cardSecurity,
      revision: settings.SpecificationRevision,
    });
    return app;
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
