import {
  createLogger,
  type DocumentStore,
  DocumentStoreService,
  type Logger,
  type ServiceProvider,
  serviceToken,
} from '@orkeon/core';
import fastify, { type FastifyInstance } from 'fastify';
import type { A2ASettings } from '../registration/a2a-settings.js';
import { A2AServerNotBoundError, A2ASharedDirectoryNeedsStoreError } from '../registration/registration-errors.js';
import { SharedAgentDirectoryPublisher } from '../registration/shared-agent-directory.js';
import { sharedAgentRegistrationStore } from '../registration/shared-agent-registration-store.js';
import { assertSafeBinding } from '../security/assert-safe-binding.js';
import type { AgentCardSigningKey } from '../v1/cards/card-signatures.js';
import type { A2AGrpcServer } from '../v1/grpc/a2a-grpc-server.js';
import type { A2AGrpcAddress } from '../v1/grpc/grpc-agent-interface.js';
import type { A2AGrpcCallSecurity } from '../v1/grpc/grpc-call-security.js';
import { A2AGrpcPackagesMissingError, A2AGrpcSecurityMissingError } from '../v1/grpc/grpc-server-errors.js';
import { cardSecurity, type V1CardSecurity } from '../v1/server/agent-card-v1.js';
import { newLeaseHolder } from '../v1/server/task-lease.js';
import type { V1Operations } from '../v1/server/v1-operations.js';
import { a2aV1Routes, createV1Operations } from '../v1/server/v1-routes.js';
import { a2aRoutes } from './a2a-routes.js';
import type { A2AHttpsOptions, A2ARequestGuard, A2AScopeSource, A2AServerOptions } from './a2a-server-options.js';
import { healthRoutes } from './health-routes.js';
import { RunningTasks } from './running-tasks.js';
import { type A2ATaskOverview, taskOverview } from './task-overview.js';
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
 * With `A2A:GrpcPort` it also serves the gRPC binding of v1.0 on that port, over the same
 * operations (its modules are loaded only then).
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
  readonly #cardSigning: AgentCardSigningKey | undefined;
  readonly #grpcSecurity: A2AGrpcCallSecurity | undefined;
  #services: A2AScopeSource | undefined;
  readonly #extraRoutes: { readonly prefix: string; readonly register: (app: FastifyInstance) => Promise<void> }[] = [];
  #app: FastifyInstance | undefined;
  #operations: V1Operations | undefined;
  #grpc: A2AGrpcServer | undefined;
  #address: A2AServerAddress | undefined;
  #publisher: SharedAgentDirectoryPublisher | undefined;

  /**
   * `grpcSecurity` checks the calls of the gRPC binding (`createGrpcCallSecurity`, which
   * `addSvcA2A` registers from `A2A:Security`); a server with guards and `A2A:GrpcPort`
   * refuses to start without it.
   */
  constructor(options: A2AServerOptions & { readonly grpcSecurity?: A2AGrpcCallSecurity }) {
    this.#settings = options.settings;
    this.#services = options.services;
    this.#logger = options.logger ?? createLogger({ bindings: { component: 'a2a' } });
    this.#guards = options.guards ?? [];
    this.#https = options.https;
    this.#stamps = taskStamps(options);
    this.#cardSecurity = options.cardSecurity ?? cardSecurity(undefined);
    this.#cardSigning = options.cardSigning;
    this.#grpcSecurity = options.grpcSecurity;
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

  /** Where the gRPC binding listens; `undefined` without `A2A:GrpcPort`, before `start()` and after `stop()`. */
  get grpcAddress(): A2AGrpcAddress | undefined {
    return this.#grpc?.address;
  }

  /** How many tasks run now. */
  get runningTaskCount(): number {
    return this.#running.size;
  }

  /** Gives the provider request scopes are created from (the host's root provider). */
  /**
   * Serves more routes on the same server, below `prefix` (`/studio`), in a Fastify context of their own:
   * the A2A routes' guards, parsers and error answers do not apply to them, so they bring their own.
   * Call before `start`.
   */
  addRoutes(prefix: string, register: (app: FastifyInstance) => Promise<void>): this {
    if (this.#app !== undefined) throw new Error('A2AServer.addRoutes comes before start().');
    this.#extraRoutes.push({ prefix, register });
    return this;
  }

  /**
   * The tasks this server holds (every caller's, for an operator's view such as Studio's), newest first: the
   * v1.0 tasks, and the seed dialect's (`/a2a/tasks/send`) from the task store when task persistence is on,
   * plus those running now. Empty before `start`.
   */
  async taskOverview(): Promise<A2ATaskOverview[]> {
    if (this.#operations === undefined || this.#services === undefined) return [];
    return taskOverview(await this.#operations.taskRecords(), this.#services, this.#running);
  }

  useServices(services: A2AScopeSource): this {
    this.#services = services;
    return this;
  }

  async start(): Promise<A2AServerAddress> {
    if (this.#address !== undefined) return this.#address;
    if (this.#services === undefined) throw new A2AServerNotBoundError();
    const grpcPort = this.#settings.GrpcPort;
    if (grpcPort !== undefined) {
      // Before anything listens: an unguarded gRPC door beside guarded HTTP, or an open one beyond loopback.
      if (this.#guards.length > 0 && this.#grpcSecurity === undefined) throw new A2AGrpcSecurityMissingError();
      assertSafeBinding(this.#settings.Host, this.#grpcSecurity?.settings ?? {});
    }
    // A2A:Directory:Shared: the store is checked before anything listens.
    const directoryStore = this.#settings.Directory.Shared ? this.#directoryStore() : undefined;
    const { app, operations } = this.#build();
    this.#operations = operations;
    await app.listen({ host: this.#settings.Host, port: this.#settings.Port });
    const bound = app.server.address();
    const port = typeof bound === 'object' && bound !== null ? bound.port : this.#settings.Port;
    const protocol = this.#https === undefined ? 'http' : 'https';
    const host = this.#settings.Host;
    this.#app = app;
    if (grpcPort !== undefined) {
      try {
        this.#grpc = await this.#startGrpc(operations, grpcPort);
      } catch (error) {
        this.#app = undefined;
        await app.close();
        throw error;
      }
    }
    this.#address = { host, port, url: `${protocol}://${host.includes(':') ? `[${host}]` : host}:${port}` };
    if (directoryStore !== undefined) {
      const publisher = new SharedAgentDirectoryPublisher({
        store: directoryStore,
        local: sharedAgentRegistrationStore,
        instance: newLeaseHolder(),
        url: (this.#settings.Directory.PublicUrl ?? this.#address.url).replace(/\/+$/, ''),
        logger: this.#logger,
      });
      try {
        await publisher.start();
      } catch (error) {
        await this.#closeListeners();
        throw error;
      }
      this.#publisher = publisher;
    }
    this.#logger.info({ url: this.#address.url }, 'A2A server listening.');
    return this.#address;
  }

  /**
   * Stops taking tasks (new ones are answered 503), waits up to `graceSeconds`
   * (default `ShutdownGraceSeconds`) for running tasks, aborts the signals of those still
   * running (they answer `Cancelled`), then closes the listeners (HTTP and gRPC).
   */
  async stop(graceSeconds: number = this.#settings.ShutdownGraceSeconds): Promise<void> {
    const app = this.#app;
    if (app === undefined) return;
    this.#app = undefined;
    // Out of the shared directory first: the other instances stop sending this one work while it drains.
    await this.#publisher?.stop();
    this.#publisher = undefined;
    const grpc = this.#grpc;
    const drained = await this.#running.drain(graceSeconds * 1000);
    if (!drained) {
      this.#logger.warn(
        { running: this.#running.size, graceSeconds },
        'A2A server stop: tasks still running after the grace period were cancelled.',
      );
      this.#running.abortAll(new Error('The A2A server is stopping.'));
    }
    await Promise.all([app.close(), grpc?.stop()]);
    this.#grpc = undefined;
    this.#address = undefined;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.stop();
  }

  #directoryStore(): DocumentStore {
    const scope = this.#services?.createScope();
    const store = scope?.tryGet(DocumentStoreService);
    void scope?.dispose().catch(() => undefined);
    if (store === undefined) throw new A2ASharedDirectoryNeedsStoreError();
    return store;
  }

  async #closeListeners(): Promise<void> {
    const app = this.#app;
    this.#app = undefined;
    this.#address = undefined;
    await Promise.all([app?.close(), this.#grpc?.stop()]);
    this.#grpc = undefined;
  }

  /** The gRPC binding, loaded on demand so a server without it never loads gRPC. */
  async #startGrpc(operations: V1Operations, port: number): Promise<A2AGrpcServer> {
    const { A2AGrpcServer } = await import('../v1/grpc/a2a-grpc-server.js').catch((error: unknown) => {
      if ((error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND') throw new A2AGrpcPackagesMissingError(error);
      throw error;
    });
    return A2AGrpcServer.start({
      operations,
      logger: this.#logger,
      host: this.#settings.Host,
      port,
      maxMessageBytes: this.#settings.BodyLimitBytes,
      revision: this.#settings.SpecificationRevision,
      ...(this.#https === undefined ? {} : { tls: this.#https }),
      ...(this.#grpcSecurity === undefined ? {} : { security: this.#grpcSecurity }),
    });
  }

  #build(): { app: FastifyInstance; operations: V1Operations } {
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
    const v1 = {
      ...routes,
      cardSecurity: this.#cardSecurity,
      ...(this.#cardSigning === undefined ? {} : { cardSigning: this.#cardSigning }),
      grpcAddress: () => this.grpcAddress,
    };
    const operations = createV1Operations(v1);
    void app.register(a2aRoutes, routes);
    void app.register(a2aV1Routes, { ...v1, revision: settings.SpecificationRevision, operations });
    void app.register(healthRoutes, { accepting: routes.accepting, services: routes.services });
    for (const { prefix, register } of this.#extraRoutes) void app.register(register, { prefix });
    return { app, operations };
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
