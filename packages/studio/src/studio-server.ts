import type { AddressInfo } from 'node:net';
import fastify, { type FastifyInstance } from 'fastify';
import { createStudio, type StudioOptions } from './studio.js';
import type { StudioAsks } from './studio-asks.js';
import { StudioUnsafeBindingError } from './studio-errors.js';
import { isLoopbackName } from './studio-guard.js';
import type { StudioRuns } from './studio-runs.js';

export interface StudioServerOptions extends StudioOptions {
  /** Default `localhost`; beyond loopback only with `token`. */
  readonly host?: string;
  /** Default 4000; 0 picks a free port. */
  readonly port?: number;
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

/** Starts Studio: the page and its API on one Fastify server of its own. */
export async function startStudioServer(options: StudioServerOptions): Promise<StudioServer> {
  const host = options.host ?? 'localhost';
  const token = options.token === '' ? undefined : options.token;
  if (token === undefined && !isLoopbackName(host)) throw new StudioUnsafeBindingError(host);
  const studio = createStudio(options);
  const app = fastify({ logger: false, forceCloseConnections: true });
  await studio.routes(app);
  await app.listen({ host, port: options.port ?? 4000 });
  const { port } = app.server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${port}/${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
  options.logger.info({ url: url.replace(/\?token=.*$/, '?token=…') }, 'Studio listening.');
  return {
    url,
    runs: studio.runs,
    asks: studio.asks,
    app,
    close: async () => {
      studio.stop();
      await app.close();
    },
  };
}
