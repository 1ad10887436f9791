import { useEffect, useState } from 'preact/hooks';
import { A2AView } from './a2a-view';
import { api, type Overview, type StudioAsk, type StudioRunSummary } from './api';
import { AsksPanel } from './asks-panel';
import { ChatView } from './chat-view';
import { type FollowedRun, followRun } from './follow-run';
import { HistoryView } from './history-view';
import { latestOnly } from './latest-only';
import { MetricsView } from './metrics-view';
import { RunDetail } from './run-detail';
import { RunList } from './run-list';
import { SettingsView } from './settings-view';
import { StartForm } from './start-form';
import { ToolsView } from './tools-view';

/** How often the run list is read again (the selected run itself is live over SSE). */
const listRefreshMs = 2000;

export function App() {
  const [overview, setOverview] = useState<Overview | undefined>();
  const [runs, setRuns] = useState<StudioRunSummary[]>([]);
  const [selected, setSelected] = useState<string | undefined>();
  const [followed, setFollowed] = useState<FollowedRun | undefined>();
  const [asks, setAsks] = useState<StudioAsk[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const [view, setView] = useState<'runs' | 'chat' | 'history' | 'a2a' | 'metrics' | 'tools' | 'settings'>('runs');

  // Made once: each keeps its own count of requests, so a late answer to an older read is dropped.
  const [refreshRuns] = useState(() => latestOnly(api.runs, setRuns, (error) => setProblem(error.message)));
  const [refreshAsks] = useState(() => latestOnly(api.asks, setAsks));

  useEffect(() => {
    api
      .overview()
      .then(setOverview)
      .catch((error: Error) => setProblem(error.message));
    void refreshRuns();
    void refreshAsks();
    const timer = setInterval(() => {
      void refreshRuns();
      void refreshAsks();
    }, listRefreshMs);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    setFollowed(undefined);
    if (selected === undefined) return;
    return followRun(selected, setFollowed, () => void refreshAsks());
  }, [selected]);

  const start = async (crew: string, variables: Record<string, string>) => {
    setProblem(undefined);
    try {
      const run = await api.start(crew, variables);
      setRuns((current) => [run, ...current]);
      setSelected(run.id);
      setView('runs');
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  // The followed run is live; the list's copy of it is as old as the last read of the list.
  const listed = runs.map((run) =>
    run.id === selected && followed !== undefined ? { ...run, ...followed.view } : run,
  );
  const selectedSummary = listed.find((run) => run.id === selected);
  return (
    <div class="studio">
      <header>
        <h1>Orkeon Studio</h1>
        <span class="version">{overview?.version}</span>
        <nav aria-label="Views">
          {(['runs', 'chat', 'history', 'a2a', 'metrics', 'tools', 'settings'] as const)
            .filter((name) => name !== 'a2a' || overview?.a2a === true)
            .map((name) => (
              <button
                key={name}
                type="button"
                class="view"
                aria-current={view === name ? 'page' : undefined}
                onClick={() => setView(name)}
              >
                {name === 'a2a' ? 'A2A' : `${name[0]?.toUpperCase()}${name.slice(1)}`}
              </button>
            ))}
        </nav>
      </header>
      <aside>
        {overview === undefined ? null : <StartForm crews={overview.crews} onStart={start} />}
        {problem === undefined ? null : (
          <p class="problem" role="alert">
            {problem}
          </p>
        )}
        <RunList
          runs={listed}
          selected={selected}
          onSelect={(id) => {
            setSelected(id);
            setView('runs');
          }}
        />
      </aside>
      <main>
        <AsksPanel
          asks={asks}
          onAnswer={async (id, value) => {
            await api.answer(id, value).catch((error: Error) => setProblem(error.message));
            await refreshAsks();
          }}
        />
        {view === 'chat' ? (
          <ChatView crews={overview?.crews ?? []} />
        ) : view === 'history' ? (
          <HistoryView />
        ) : view === 'a2a' ? (
          <A2AView />
        ) : view === 'metrics' ? (
          <MetricsView />
        ) : view === 'tools' ? (
          <ToolsView />
        ) : view === 'settings' ? (
          <SettingsView />
        ) : selected === undefined ? (
          <p class="hint">Start a run, or choose one from the list.</p>
        ) : (
          <RunDetail
            summary={selectedSummary}
            followed={followed}
            onCancel={async () => {
              await api.cancel(selected).catch((error: Error) => setProblem(error.message));
              await refreshRuns();
            }}
          />
        )}
      </main>
    </div>
  );
}
