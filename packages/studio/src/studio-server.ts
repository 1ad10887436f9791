import type { AddressInfo } from 'node:net';
import fastifyStatic from '@fastify/static';
import type { Configuration, Logger, Runtime } from '@orkeon/core';
import fastify, { type FastifyInstance } from 'fastify';
import { StudioAsks } from './studio-asks.js';
import type { StudioCrew } from './studio-crew.js';
import { StudioUnsafeBindingError } from './studio-errors.js';
import { isLoopbackName, studioGuard } from './studio-guard.js';
import { studioPageDirectory } from './studio-page-directory.js';
import { studioApiRoutes } from './studio-routes.js';
import { StudioRuns } from './studio-runs.js';

export interface StudioServerOptions {
  readonly runtime: Runtime;
  readonly crews: readonly StudioCrew[];
  readonly logger: Logger;
  /** The page's questions; pass the channel the runtime was built with, so that permission asks reach the page too. */
  readonly asks?: StudioAsks;
  /** Default `localhost`; beyond loopback only with `token`. */
  readonly host?: string;
  /** Default 4000; 0 picks a free port. */
  readonly port?: number;
  /** Required beyond loopback; with it every request must carry it. */
  readonly token?: string;
  readonly version?: string;
  readonly maxEventsPerRun?: number;
  /** The settings the runtime was built from: the page's Settings view shows them, secrets redacted. */
  readonly configuration?: Configuration;
}

/** A listening Studio. */
export interface StudioServer {
  /** The address to open, with `?token=` when there is a token. */
  readonly url: string;
  readonly runs: StudioRuns;
  readonly asks: StudioAsks;
  readonly app: FastifyInstance;
  /** Cancels the runs still going and stops listening. */
  close(): Promise<void>;
}

/** Starts Studio: the page and its API on one Fastify server. */
export async function startStudioServer(options: StudioServerOptions): Promise<StudioServer> {
  const host = options.host ?? 'localhost';
  const token = options.token === '' ? undefined : options.token;
  if (token === undefined && !isLoopbackName(host)) throw new StudioUnsafeBindingError(host);
  const root = studioPageDirectory();
  const asks = options.asks ?? new StudioAsks();
  const runs = new StudioRuns({
    runtime: options.runtime,
    crews: options.crews,
    humanInput: asks,
    logger: options.logger,
    ...(options.maxEventsPerRun === undefined ? {} : { maxEventsPerRun: options.maxEventsPerRun }),
  });
  const app = fastify({ logger: false, forceCloseConnections: true });
  app.addHook('onRequest', studioGuard(token));
  await app.register(studioApiRoutes, {
    runs,
    asks,
    services: options.runtime.services,
    runtime: options.runtime,
    version: options.version ?? '',
    ...(options.configuration === undefined ? {} : { configuration: options.configuration }),
  });
  // The page's files: hashed assets are cached for good, index.html is asked for each time.
  await app.register(fastifyStatic, {
    root,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
  await app.listen({ host, port: options.port ?? 4000 });
  const { port } = app.server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${port}/${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
  options.logger.info({ url: url.replace(/\?token=.*$/, '?token=…') }, 'Studio listening.');
  return {
    url,
    runs,
    asks,
    app,
    close: async () => {
      runs.cancelAll();
      await app.close();
    },
  };
}
