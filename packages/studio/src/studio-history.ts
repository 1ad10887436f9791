import {
  type CrewExecutionState,
  CrewExecutionStateManagerService,
  type ServiceProvider,
  type SessionState,
  StateStoreService,
} from '@orkeon/core';
import type { StudioPastRun, StudioPastRunDetail, StudioPastTask } from './studio-past-run.js';

/** The most recorded runs the list reads in full (their usage lives in each session's state). */
const listedRuns = 200;

/**
 * Recorded runs, from the runtime's state store (every run with checkpoints: `orkeon run`, `orkeon serve`,
 * earlier Studios) and its execution states (`Svc:ExecutionState:Persistence`), merged by id, newest first.
 */
export class StudioHistory {
  readonly #services: ServiceProvider;

  constructor(services: ServiceProvider) {
    this.#services = services;
  }

  /** Whether any store of runs is registered. */
  get enabled(): boolean {
    return (
      this.#services.tryGet(StateStoreService) !== undefined ||
      this.#services.tryGet(CrewExecutionStateManagerService) !== undefined
    );
  }

  async list(): Promise<StudioPastRun[]> {
    const store = this.#services.tryGet(StateStoreService);
    const summaries = (await store?.list()) ?? [];
    const newest = summaries.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, listedRuns);
    const sessions = await Promise.all(newest.map((summary) => store?.get(summary.sessionId)));
    const executions = new Map(
      (await this.#executions()).map((execution) => [execution.executionId, execution] as const),
    );
    const runs = sessions.flatMap((session) =>
      session === undefined ? [] : [pastRun(session, executions.get(session.sessionId))],
    );
    const listed = new Set(runs.map((run) => run.id));
    for (const execution of executions.values())
      if (!listed.has(execution.executionId)) runs.push(pastRun(undefined, execution));
    return runs.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, listedRuns);
  }

  /** One recorded run with its tasks; `undefined` when no store knows the id. */
  async get(id: string): Promise<StudioPastRunDetail | undefined> {
    const session = await this.#services.tryGet(StateStoreService)?.get(id);
    const execution = await this.#services.tryGet(CrewExecutionStateManagerService)?.getState(id);
    if (session === undefined && execution === undefined) return undefined;
    const tasks = Object.values(session?.taskCheckpoints ?? {})
      .map(
        (task): StudioPastTask => ({
          taskId: task.taskId,
          status: task.status,
          ...(task.startedAt === undefined ? {} : { startedAt: task.startedAt }),
          endedAt: task.timestamp,
          retryCount: task.retryCount,
          ...(task.output === undefined ? {} : { output: task.output }),
          ...(task.errorMessage === undefined ? {} : { error: task.errorMessage }),
        }),
      )
      .sort((a, b) => (a.startedAt ?? a.endedAt).localeCompare(b.startedAt ?? b.endedAt));
    return {
      ...pastRun(session, execution),
      ...(execution?.input === undefined || execution.input === '' ? {} : { input: execution.input }),
      ...(execution?.output === undefined ? {} : { output: execution.output }),
      tasks,
    };
  }

  async #executions(): Promise<CrewExecutionState[]> {
    return (await this.#services.tryGet(CrewExecutionStateManagerService)?.listStates()) ?? [];
  }
}

/** A run from its checkpoint session, its execution state, or both (the session's phase and usage win). */
function pastRun(session: SessionState | undefined, execution: CrewExecutionState | undefined): StudioPastRun {
  const first = session ?? execution;
  if (first === undefined) throw new Error('a recorded run needs a session or an execution state');
  const id = session?.sessionId ?? execution?.executionId ?? '';
  const usage = session?.usage;
  const error = session?.errorMessage ?? execution?.error;
  const elapsed = (Date.parse(first.updatedAt) - Date.parse(first.createdAt)) / 1000;
  return {
    id,
    crewId: first.crewId,
    status: session?.phase ?? execution?.status ?? 'Pending',
    sources: [
      ...(session === undefined ? [] : ['checkpoints' as const]),
      ...(execution === undefined ? [] : ['execution-states' as const]),
    ],
    createdAt: first.createdAt,
    updatedAt: first.updatedAt,
    durationSeconds: usage?.wallTimeSeconds ?? Math.max(0, elapsed),
    ...(usage === undefined ? {} : { tokens: usage.tokens, costUsd: usage.costUsd, toolCalls: usage.toolCalls }),
    ...(error === undefined ? {} : { error }),
  };
}
