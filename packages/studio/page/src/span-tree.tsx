import { useEffect, useState } from 'preact/hooks';
import type { SpanView, TraceView } from './api';
import { duration } from './format';

/** How often a running run's trace is read again (spans arrive as they end). */
const refreshMs = 2000;

/**
 * The run's spans from the monitoring backend, as a tree: the crew run, its agents' turns, their model
 * and tool calls. A span opens to show its attributes (model, tokens, tool, outcome, errors).
 */
export function SpanTree(props: {
  /** Reads the trace: a Studio run's by its trace id, a recorded run's by its id. */
  load: () => Promise<{ enabled: boolean; trace: TraceView | null }>;
  /** Changes when another trace is to be read. */
  traceKey: string;
  running: boolean;
  /** Said when the backend holds no span of it. */
  missing?: string;
}) {
  const [state, setState] = useState<{ enabled: boolean; trace: TraceView | null } | undefined>();
  // `load` is a new function on every render; `traceKey` says when it reads something else.
  useEffect(() => {
    let stopped = false;
    const read = () =>
      props
        .load()
        .then((answer) => !stopped && setState(answer))
        .catch(() => {});
    void read();
    const timer = props.running ? setInterval(read, refreshMs) : undefined;
    return () => {
      stopped = true;
      if (timer !== undefined) clearInterval(timer);
    };
  }, [props.traceKey, props.running]);

  if (state === undefined) return null;
  if (!state.enabled)
    return (
      <p class="hint">
        Spans are shown with the monitoring backend on: add <code>"Svc": {'{ "Monitoring": {} }'}</code> to the
        settings.
      </p>
    );
  if (state.trace === null) return <p class="hint">{props.missing ?? 'No spans of this run yet.'}</p>;
  const spans = state.trace.spans;
  const ids = new Set(spans.map((span) => span.spanId));
  const children = new Map<string | undefined, SpanView[]>();
  for (const span of [...spans].sort((a, b) => a.startTime.localeCompare(b.startTime))) {
    const parent = span.parentSpanId !== undefined && ids.has(span.parentSpanId) ? span.parentSpanId : undefined;
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  return (
    <ul class="spans" aria-label="Spans">
      {(children.get(undefined) ?? []).map((span) => (
        <SpanNode key={span.spanId} span={span} children={children} />
      ))}
    </ul>
  );
}

/** What stopped a span, in words: a spent budget and a denied call say so; otherwise the error's type. */
function errorLabel(span: SpanView): string {
  const type = span.attributes['error.type'];
  if (typeof type === 'string' && type.endsWith('BUDGET_EXHAUSTED')) return 'budget spent';
  if (type === 'denied') return 'denied';
  return typeof type === 'string' ? `error: ${type}` : 'error';
}

function SpanNode(props: { span: SpanView; children: Map<string | undefined, SpanView[]> }) {
  const [open, setOpen] = useState(false);
  const { span } = props;
  const below = props.children.get(span.spanId) ?? [];
  const decision = span.attributes['orkeon.permission.decision'];
  return (
    <li>
      <button type="button" aria-expanded={open} class={`span ${span.status}`} onClick={() => setOpen(!open)}>
        <span class="span-name">{span.name}</span>
        <span class="span-time">{duration(span.durationMilliseconds)}</span>
        {typeof decision === 'string' ? (
          <span class={`badge permission-${decision}`}>permission: {decision}</span>
        ) : null}
        {span.status === 'error' ? <span class="badge failed">{errorLabel(span)}</span> : null}
      </button>
      {open ? (
        <dl class="attributes">
          {span.statusMessage === undefined ? null : (
            <>
              <dt>error</dt>
              <dd>{span.statusMessage}</dd>
            </>
          )}
          {Object.entries(span.attributes).map(([key, value]) => (
            <>
              <dt key={`${key}-name`}>{key}</dt>
              <dd key={`${key}-value`}>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
            </>
          ))}
        </dl>
      ) : null}
      {below.length === 0 ? null : (
        <ul>
          {below.map((child) => (
            <SpanNode key={child.spanId} span={child} children={props.children} />
          ))}
        </ul>
      )}
    </li>
  );
}
