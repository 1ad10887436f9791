import { randomUUID } from 'node:crypto';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import { CrewValidationError, type HumanInputChannel, type Logger, type Runtime } from '@orkeon/core';
import type { RunEvent } from '@orkeon/core/run-events';
import type { StudioCrew } from './studio-crew.js';
import { StudioRequestInvalidError } from './studio-errors.js';
import { StudioRun } from './studio-run.js';

export interface StudioRunsOptions {
  readonly runtime: Runtime;
  readonly crews: readonly StudioCrew[];
  /** Where the runs' `human_input` questions go (the page's asks). */
  readonly humanInput: HumanInputChannel;
  readonly logger: Logger;
  /** Events kept per run for a page that opens it later; older ones are dropped (the view keeps counting). Default 5000. */
  readonly maxEventsPerRun?: number;
  /** Finished runs kept in the list; the oldest go first. Default 100. */
  readonly maxFinishedRuns?: number;
  readonly clock?: () => Date;
}

/** Whose conversation threads Studio's chat keeps (`runtime.threads`). */
export const studioResource = 'studio';

/** The runs started from the page in this process: starting, listing, following and cancelling them. */
export class StudioRuns {
  readonly #runs = new Map<string, StudioRun>();
  readonly #options: StudioRunsOptions;

  constructor(options: StudioRunsOptions) {
    this.#options = options;
  }

  get crews(): readonly StudioCrew[] {
    return this.#options.crews;
  }

  /** Newest first. */
  list(): StudioRun[] {
    return [...this.#runs.values()].reverse();
  }

  get(id: string): StudioRun {
    const run = this.#runs.get(id);
    if (run === undefined) throw new StudioRequestInvalidError(`No run has the id '${id}' in this Studio.`, 404);
    return run;
  }

  /**
   * Starts the crew `crewName` with `variables` and returns its run at once; the run goes on in
   * the background. An unknown crew, a variable the crew does not use, or one it needs and lacks
   * is refused before anything starts.
   */
  async start(crewName: string, variables: Readonly<Record<string, string>>): Promise<StudioRun> {
    const crew = await this.#crewOf(crewName);
    const unknown = Object.keys(variables).filter((name) => !crew.variables.includes(name));
    if (unknown.length > 0)
      throw new StudioRequestInvalidError(
        `The crew '${crew.name}' has no variable ${unknown.map((name) => `{${name}}`).join(', ')}; its variables are: ${crew.variables.join(', ') || 'none'}.`,
      );
    const definition = await crew.load(variables).catch((error: unknown) => {
      if (CrewValidationError.isInstance(error)) throw new StudioRequestInvalidError(error.message);
      throw error;
    });
    const run = new StudioRun(
      randomUUID(),
      crew.name,
      { ...variables },
      (this.#options.clock ?? (() => new Date()))(),
      this.#options.maxEventsPerRun ?? 5000,
    );
    this.#follow(run, (onEvent) =>
      this.#options.runtime.run(definition, { signal: run.signal, humanInput: this.#options.humanInput, onEvent }),
    );
    return run;
  }

  /**
   * One message to one agent of a crew on a conversation thread (`resource` `studio`): the agent sees the
   * thread's earlier turns and the turn is added to it. The crew is loaded with each `{KEY}` standing for
   * itself. Returns the run at once, as `start` does.
   */
  async chat(crewName: string, agentId: string, thread: string, message: string): Promise<StudioRun> {
    const definition = await this.#crewOf(crewName).then((crew) =>
      crew.load(Object.fromEntries(crew.variables.map((name) => [name, `{${name}}`]))),
    );
    const agent = definition.agents.find((candidate) => candidate.id === agentId);
    if (agent === undefined)
      throw new StudioRequestInvalidError(
        `The crew '${crewName}' has no agent '${agentId}'; its agents are: ${definition.agents.map((item) => item.id).join(', ')}.`,
        404,
      );
    const run = new StudioRun(
      randomUUID(),
      `${crewName}/${agentId}`,
      {},
      (this.#options.clock ?? (() => new Date()))(),
      this.#options.maxEventsPerRun ?? 5000,
    );
    this.#follow(run, (onEvent) =>
      this.#options.runtime.run(agent, message, {
        crew: definition,
        thread,
        resource: studioResource,
        signal: run.signal,
        humanInput: this.#options.humanInput,
        onEvent,
      }),
    );
    return run;
  }

  async #crewOf(crewName: string): Promise<StudioCrew> {
    const crew = this.#options.crews.find((candidate) => candidate.name === crewName);
    if (crew === undefined)
      throw new StudioRequestInvalidError(
        `No crew is named '${crewName}' here; choose one of: ${this.#options.crews.map((item) => item.name).join(', ')}.`,
        404,
      );
    return crew;
  }

  /** Keeps `run` and feeds it the events of the runtime run `begin` starts. */
  #follow(run: StudioRun, begin: (onEvent: (event: RunEvent) => void) => Promise<unknown>): void {
    this.#runs.set(run.id, run);
    this.#forgetOldRuns();
    begin((event) => {
      // Events are emitted inside the run's spans: the first one inside a recorded span names the trace.
      if (run.traceId === undefined) {
        const context = trace.getActiveSpan()?.spanContext();
        if (context !== undefined && isSpanContextValid(context)) run.traceId = context.traceId;
      }
      run.add(event);
    }).catch((error: unknown) => {
      const { code, message } = error as { code?: unknown; message?: unknown };
      const failure = {
        code: typeof code === 'string' ? code : 'RUN_FAILED',
        message: typeof message === 'string' ? message : String(error),
      };
      if (!run.finished) run.failBeforeStart(failure);
      this.#options.logger.warn({ run: run.id, crew: run.crew, ...failure }, 'a Studio run failed');
    });
  }

  /** Stops every run still going (Studio is closing). */
  cancelAll(): void {
    for (const run of this.#runs.values()) if (!run.finished) run.cancel();
  }

  #forgetOldRuns(): void {
    const limit = this.#options.maxFinishedRuns ?? 100;
    const finished = [...this.#runs.values()].filter((run) => run.finished);
    for (const run of finished.slice(0, Math.max(0, finished.length - limit))) this.#runs.delete(run.id);
  }
}
