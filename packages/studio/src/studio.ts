import fastifyStatic from '@fastify/static';
import type { Configuration, Logger, Runtime } from '@orkeon/core';
import type { FastifyInstance } from 'fastify';
import type { StudioA2ATask } from './studio-a2a-task.js';
import { StudioAsks } from './studio-asks.js';
import type { StudioCrew } from './studio-crew.js';
import { studioGuard } from './studio-guard.js';
import { studioPageDirectory } from './studio-page-directory.js';
import { studioApiRoutes } from './studio-routes.js';
import { StudioRuns } from './studio-runs.js';

export interface StudioOptions {
  readonly runtime: Runtime;
  readonly crews: readonly StudioCrew[];
  readonly logger: Logger;
  /** The page's questions; pass the channel the runtime was built with, so that permission asks reach the page too. */
  readonly asks?: StudioAsks;
  /** With it every request must carry it; without it only loopback names are answered. */
  readonly token?: string;
  readonly version?: string;
  readonly maxEventsPerRun?: number;
  /** The settings the runtime was built from: the page's Settings view shows them, secrets redacted. */
  readonly configuration?: Configuration;
  /** The A2A tasks the host's server holds (`orkeon serve --studio`): the page's A2A view lists them. */
  readonly a2aTasks?: () => Promise<readonly StudioA2ATask[]>;
}

/** Studio's runs and questions, and its page and API as Fastify routes for any server (its own, or `orkeon serve`'s). */
export interface Studio {
  readonly runs: StudioRuns;
  readonly asks: StudioAsks;
  /** Registers the guard, the API and the page in `app` (a Fastify context, at its root or below a prefix). */
  routes(app: FastifyInstance): Promise<void>;
  /** Cancels the runs still going. */
  stop(): void;
}

export function createStudio(options: StudioOptions): Studio {
  const token = options.token === '' ? undefined : options.token;
  const root = studioPageDirectory();
  const asks = options.asks ?? new StudioAsks();
  const runs = new StudioRuns({
    runtime: options.runtime,
    crews: options.crews,
    humanInput: asks,
    logger: options.logger,
    ...(options.maxEventsPerRun === undefined ? {} : { maxEventsPerRun: options.maxEventsPerRun }),
  });
  return {
    runs,
    asks,
    stop: () => runs.cancelAll(),
    routes: async (app) => {
      app.addHook('onRequest', studioGuard(token));
      await app.register(studioApiRoutes, {
        runs,
        asks,
        services: options.runtime.services,
        runtime: options.runtime,
        version: options.version ?? '',
        ...(options.configuration === undefined ? {} : { configuration: options.configuration }),
        ...(options.a2aTasks === undefined ? {} : { a2aTasks: options.a2aTasks }),
      });
      // Below a prefix the page is at `<prefix>/`: its addresses are relative, so `<prefix>` alone is sent there.
      if (app.prefix !== '') app.get('', (_request, reply) => reply.redirect(`${app.prefix}/`, 301));
      // The page's files: hashed assets are cached for good, index.html is asked for each time.
      await app.register(fastifyStatic, {
        root,
        setHeaders: (reply, path) => {
          reply.header(
            'cache-control',
            path.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
          );
        },
      });
    },
  };
}
