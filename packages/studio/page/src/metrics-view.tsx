import { useEffect, useState } from 'preact/hooks';
import { api, type MetricsView as Metrics } from './api';
import { cost } from './format';

/** The monitoring backend's totals, averages and per-minute activity, read again every few seconds. */
export function MetricsView() {
  const [state, setState] = useState<{ enabled: boolean; metrics?: Metrics } | undefined>();
  useEffect(() => {
    const read = () =>
      api
        .metrics()
        .then(setState)
        .catch(() => {});
    void read();
    const timer = setInterval(read, 3000);
    return () => clearInterval(timer);
  }, []);
  if (state === undefined) return <p class="hint">Loading…</p>;
  const metrics = state.metrics;
  if (!state.enabled || metrics === undefined)
    return (
      <section aria-label="Metrics">
        <h2>Metrics</h2>
        <p class="hint">
          The monitoring backend is off: add <code>"Svc": {'{ "Monitoring": {} }'}</code> to the settings to count model
          calls, tools, tasks and cost here.
        </p>
      </section>
    );
  return (
    <section aria-label="Metrics">
      <h2>Metrics</h2>
      <dl class="totals wide">
        <dt>Crew runs</dt>
        <dd>{metrics.crewExecutions}</dd>
        <dt>Running crews</dt>
        <dd>{metrics.activeCrews}</dd>
        <dt>Tasks</dt>
        <dd>{metrics.taskExecutions}</dd>
        <dt>Running tasks</dt>
        <dd>{metrics.activeTasks}</dd>
        <dt>Model calls</dt>
        <dd>{metrics.llmCalls}</dd>
        <dt>Tool calls</dt>
        <dd>{metrics.toolExecutions}</dd>
        <dt>Cost</dt>
        <dd>{cost(metrics.totalCostUsd)}</dd>
      </dl>
      <h3>Averages</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">measure</th>
            <th scope="col">of</th>
            <th scope="col">count</th>
            <th scope="col">average</th>
          </tr>
        </thead>
        <tbody>
          {metrics.histograms.map((series) => (
            <tr key={`${series.name}${JSON.stringify(series.attributes)}`}>
              <td>{series.name}</td>
              <td>
                {Object.entries(series.attributes)
                  .map(([key, value]) => `${key}=${String(value)}`)
                  .join(', ')}
              </td>
              <td>{series.count}</td>
              <td>
                {series.average.toFixed(series.unit === 's' ? 3 : 0)} {series.unit}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Per minute</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">minute</th>
            <th scope="col">crew runs</th>
            <th scope="col">tasks</th>
            <th scope="col">model calls</th>
            <th scope="col">tool calls</th>
            <th scope="col">failed spans</th>
          </tr>
        </thead>
        <tbody>
          {metrics.perMinute.map((minute) => (
            <tr key={minute.minute}>
              <td>{new Date(minute.minute).toLocaleTimeString()}</td>
              <td>{minute.crewExecutions}</td>
              <td>{minute.taskExecutions}</td>
              <td>{minute.llmCalls}</td>
              <td>{minute.toolExecutions}</td>
              <td>{minute.failedSpans}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
