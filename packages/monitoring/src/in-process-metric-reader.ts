import { MetricReader, type ResourceMetrics } from '@opentelemetry/sdk-metrics';

/**
 * A metric reader nobody exports from: the monitoring backend pulls from it when asked.
 * It reads once more when the meter provider shuts down (the runtime is disposed) and
 * answers that last reading afterwards, so the totals of a finished run stay readable.
 */
export class InProcessMetricReader extends MetricReader {
  #last: ResourceMetrics | undefined;
  #closed = false;
  #bound = false;

  override setMetricProducer(producer: Parameters<MetricReader['setMetricProducer']>[0]): void {
    super.setMetricProducer(producer);
    this.#bound = true;
  }

  /** The current cumulative metrics; undefined when no meter provider took this reader. */
  async read(): Promise<ResourceMetrics | undefined> {
    if (this.#closed || !this.#bound) return this.#last;
    const { resourceMetrics } = await this.collect();
    this.#last = resourceMetrics;
    return resourceMetrics;
  }

  protected override async onShutdown(): Promise<void> {
    await this.read().catch(() => undefined);
    this.#closed = true;
  }

  protected override async onForceFlush(): Promise<void> {}
}
