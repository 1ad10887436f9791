import { type MetricsExposition, MetricsExpositionService, type ServiceProvider } from '@orkeon/core';
import type { FastifyInstance } from 'fastify';

/** The path the registered `MetricsExposition` is served at. */
export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics`: the registered `MetricsExposition` (e.g. the monitoring backend's
 * Prometheus text), resolved per request; 404 when none is registered. Registered inside
 * the A2A routes, so the same request guards apply.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  withScope: <T>(work: (scope: ServiceProvider) => Promise<T>) => Promise<T>,
): void {
  app.get(METRICS_PATH, async (request, reply) => {
    const exposition: MetricsExposition | undefined = await withScope(async (scope) =>
      scope.tryGet(MetricsExpositionService),
    );
    if (exposition === undefined)
      return reply.code(404).send({
        error: `Not found: ${request.method} ${METRICS_PATH}. No metrics are exposed: register the monitoring backend with Svc:Monitoring:PrometheusEndpoint = true.`,
      });
    const text = await exposition.render();
    return reply.header('cache-control', 'no-cache').type(exposition.contentType).send(text);
  });
}
