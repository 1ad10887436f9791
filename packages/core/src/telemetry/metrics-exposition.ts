import { serviceToken } from '../services/service-token.js';

/**
 * The process's metrics as a scrape format (e.g. the Prometheus text exposition), for a
 * server to answer at `GET /metrics`. Registered by a monitoring backend; the A2A server
 * of `orkeon serve` serves it, behind the same guards as its other routes.
 */
export interface MetricsExposition {
  /** The `content-type` of the answer, e.g. `text/plain; version=0.0.4; charset=utf-8`. */
  readonly contentType: string;
  /** The current metrics, rendered. */
  render(): Promise<string>;
}

/** The registered `MetricsExposition`, if any (`addSvcMonitoring` with `Svc:Monitoring:PrometheusEndpoint`). */
export const MetricsExpositionService = serviceToken<MetricsExposition>('MetricsExposition');
