import type { Logger } from '../logging/logger.js';
import { serviceToken } from '../services/service-token.js';
import type { AfterKickoffHook, BeforeKickoffHook, KickoffCrew } from './kickoff-hook.js';
import { KickoffHookError, type KickoffHookStage } from './kickoff-hook-errors.js';

export interface CrewKickoffHookRunnerOptions {
  readonly beforeHooks?: readonly BeforeKickoffHook[];
  readonly afterHooks?: readonly AfterKickoffHook[];
  readonly logger: Logger;
}

/** What the runner reads of a hook besides its `execute`. */
interface HookIdentity {
  readonly name: string;
  readonly continueOnError?: boolean;
}

/**
 * Runs the registered kickoff hooks. The host calls it around its own kickoff;
 * nothing calls it automatically. Hooks run one after another in ascending priority
 * (registration order for equal priorities). A hook that throws stops the run with a
 * `KickoffHookError` naming it, unless it was registered with `continueOnError`, in
 * which case the failure is logged and the next hook runs.
 */
export class CrewKickoffHookRunner {
  readonly #beforeHooks: readonly BeforeKickoffHook[];
  readonly #afterHooks: readonly AfterKickoffHook[];
  readonly #logger: Logger;

  constructor(options: CrewKickoffHookRunnerOptions) {
    this.#beforeHooks = inPriorityOrder(options.beforeHooks ?? []);
    this.#afterHooks = inPriorityOrder(options.afterHooks ?? []);
    this.#logger = options.logger;
  }

  async runBeforeKickoff<TCrew extends KickoffCrew>(crew: TCrew): Promise<void> {
    await this.#run('before', crew, this.#beforeHooks, (hook) => hook.execute(crew));
  }

  async runAfterKickoff<TCrew extends KickoffCrew, TResult>(crew: TCrew, result: TResult): Promise<void> {
    await this.#run('after', crew, this.#afterHooks, (hook) => hook.execute(crew, result));
  }

  async #run<THook extends HookIdentity>(
    stage: KickoffHookStage,
    crew: KickoffCrew,
    hooks: readonly THook[],
    execute: (hook: THook) => Promise<void> | void,
  ): Promise<void> {
    for (const hook of hooks) {
      try {
        await execute(hook);
      } catch (error) {
        if (hook.continueOnError !== true) throw new KickoffHookError(stage, hook.name, crew.name, error);
        this.#logger.error(
          { err: error, hook: hook.name, crew: crew.name, stage },
          `The ${stage}-kickoff hook '${hook.name}' failed for crew '${crew.name}'; continuing because it is marked continueOnError.`,
        );
      }
    }
  }
}

export const CrewKickoffHookRunnerService = serviceToken<CrewKickoffHookRunner>('CrewKickoffHookRunner');

/** Array.prototype.sort is stable, so equal priorities keep their registration order. */
function inPriorityOrder<T extends { readonly priority?: number }>(hooks: readonly T[]): T[] {
  return [...hooks].sort((left, right) => (left.priority ?? 0) - (right.priority ?? 0));
}
