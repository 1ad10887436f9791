// The page's calls to Studio's API (same origin; the token, when there is one, rides in a cookie).
import type { RunEvent } from '@orkeon/core/run-events';
import type { StudioA2ATask } from '../../src/studio-a2a-task';
import type { StudioAsk } from '../../src/studio-ask';
import type { StudioPastRun, StudioPastRunDetail, StudioPastTask } from '../../src/studio-past-run';
import type { StudioRunSummary } from '../../src/studio-run';

export type { RunEvent, StudioAsk, StudioPastRun, StudioPastRunDetail, StudioPastTask, StudioRunSummary };

export interface StudioCrewInfo {
  readonly name: string;
  readonly description?: string;
  readonly variables: readonly string[];
  readonly agents: readonly { readonly id: string; readonly role: string }[];
}

export interface ThreadInfoView {
  readonly id: string;
  readonly turns: number;
  readonly updatedAt: string;
}

export interface ThreadMessageView {
  readonly seq: number;
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly text: string;
  readonly tools: readonly string[];
  readonly inContext: boolean;
}

/** One ended span of the monitoring backend's trace explorer. */
export interface SpanView {
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly startTime: string;
  readonly durationMilliseconds: number;
  readonly status: 'ok' | 'error';
  readonly statusMessage?: string;
  readonly attributes: Readonly<Record<string, unknown>>;
}

export interface TraceView {
  readonly traceId: string;
  readonly complete: boolean;
  readonly spans: readonly SpanView[];
}

export interface MetricsView {
  readonly llmCalls: number;
  readonly toolExecutions: number;
  readonly taskExecutions: number;
  readonly crewExecutions: number;
  readonly activeCrews: number;
  readonly activeTasks: number;
  readonly totalCostUsd: number;
  readonly collectedAt: string;
  readonly histograms: readonly {
    readonly name: string;
    readonly unit: string;
    readonly attributes: Readonly<Record<string, unknown>>;
    readonly count: number;
    readonly average: number;
  }[];
  readonly perMinute: readonly {
    readonly minute: string;
    readonly crewExecutions: number;
    readonly taskExecutions: number;
    readonly llmCalls: number;
    readonly toolExecutions: number;
    readonly failedSpans: number;
  }[];
}

export interface ToolsView {
  readonly tools: readonly { readonly name: string; readonly description: string; readonly access: string }[];
  readonly mcpServers: readonly {
    readonly id: string;
    readonly connected: boolean;
    readonly error?: string;
    readonly tools: readonly string[];
  }[];
}

export interface SettingsEntryView {
  readonly key: string;
  readonly value: unknown;
  readonly origin: string;
}

/** One A2A task as the A2A view lists it (the server's own type). */
export type A2ATaskView = StudioA2ATask;

export interface Overview {
  readonly version: string;
  /** Whether the host serves A2A (`orkeon serve --studio`): the A2A view is shown. */
  readonly a2a: boolean;
  readonly crews: readonly StudioCrewInfo[];
}

async function call<T>(path: string, init?: { method: 'POST'; body: unknown }): Promise<T> {
  const response = await fetch(
    path,
    init === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) },
  );
  const body = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
  return body;
}

export const api = {
  overview: () => call<Overview>('api/overview'),
  runs: () => call<{ runs: StudioRunSummary[] }>('api/runs').then((body) => body.runs),
  start: (crew: string, variables: Record<string, string>) =>
    call<{ run: StudioRunSummary }>('api/runs', { method: 'POST', body: { crew, variables } }).then((body) => body.run),
  cancel: (id: string) => call<{ run: StudioRunSummary }>(`api/runs/${id}/cancel`, { method: 'POST', body: {} }),
  asks: () => call<{ asks: StudioAsk[] }>('api/asks').then((body) => body.asks),
  trace: (id: string) => call<{ enabled: boolean; trace: TraceView | null }>(`api/runs/${id}/trace`),
  metrics: () => call<{ enabled: boolean; metrics?: MetricsView }>('api/metrics'),
  history: () => call<{ enabled: boolean; runs: StudioPastRun[] }>('api/history'),
  pastRun: (id: string) =>
    call<{ run: StudioPastRunDetail }>(`api/history/${encodeURIComponent(id)}`).then((body) => body.run),
  pastTrace: (id: string) =>
    call<{ enabled: boolean; trace: TraceView | null }>(`api/history/${encodeURIComponent(id)}/trace`),
  tools: () => call<ToolsView>('api/tools'),
  a2aTasks: () => call<{ tasks: A2ATaskView[] }>('api/a2a/tasks').then((body) => body.tasks),
  chat: (crew: string, agent: string, thread: string, message: string) =>
    call<{ run: StudioRunSummary }>('api/chat', { method: 'POST', body: { crew, agent, thread, message } }).then(
      (body) => body.run,
    ),
  threads: () => call<{ threads: ThreadInfoView[] }>('api/threads').then((body) => body.threads),
  thread: (id: string) =>
    call<{ messages: ThreadMessageView[] }>(`api/threads/${encodeURIComponent(id)}`).then((body) => body.messages),
  settings: () => call<{ sources: string[]; settings: SettingsEntryView[] }>('api/settings'),
  answer: (id: string, value: string) =>
    call(`api/asks/${encodeURIComponent(id)}`, { method: 'POST', body: { value } }),
};
