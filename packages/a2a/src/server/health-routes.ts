import { type DocumentStore, DocumentStoreService } from '@orkeon/core';
import { a2aTaskDocumentCollection } from '@orkeon/core/stores';
import type { FastifyInstance } from 'fastify';
import type { A2AScopeSource } from './a2a-server-options.js';

export interface HealthRouteOptions {
  /** False once the server has begun to stop (it drains its running tasks and takes no new one). */
  readonly accepting: () => boolean;
  readonly services: () => A2AScopeSource | undefined;
}

/** How long the store may take to answer before the instance is called not ready. */
const storeCheckMilliseconds = 2_000;

/** The paths of the probes, for an orchestrator (Kubernetes `livenessProbe`, `readinessProbe`) or a proxy. */
export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

/**
 * Liveness and readiness, outside the A2A guards (a probe carries no credential) and saying nothing
 * but states: `/healthz` answers 200 while the process serves; `/readyz` answers 200 when the server
 * takes tasks and its shared store (the document store of task records) answers, else 503 naming
 * the check that failed, so that a proxy stops sending work to an instance that drains or lost its database.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthRouteOptions): Promise<void> {
  app.get(HEALTH_PATHS.live, async () => ({ status: 'ok' }));
  app.get(HEALTH_PATHS.ready, async (_request, reply) => {
    const tasks = options.accepting() ? 'accepting' : 'draining';
    const services = options.services();
    const scope = services?.createScope();
    try {
      const store = scope?.tryGet(DocumentStoreService);
      const checks = { tasks, ...(store === undefined ? {} : { store: await storeState(store) }) };
      const ready = tasks === 'accepting' && checks.store !== 'unreachable';
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
    } finally {
      await scope?.dispose();
    }
  });
}

/** One read of a key no task has: it reaches the database without changing anything. */
async function storeState(store: DocumentStore): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'unreachable'>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), storeCheckMilliseconds);
  });
  const read = store.get(a2aTaskDocumentCollection, 'orkeon.readiness-probe').then(
    () => 'ok' as const,
    () => 'unreachable' as const,
  );
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}
