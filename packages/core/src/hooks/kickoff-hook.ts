import { serviceToken } from '../services/service-token.js';

/**
 * What a kickoff hook needs to know of a crew. Hooks accept any richer crew type
 * (`T extends KickoffCrew`), so they work with whatever crew object the host runs.
 */
export interface KickoffCrew {
  readonly name: string;
}

interface KickoffHookBase {
  /** Shown in logs and errors. */
  readonly name: string;
  /** Hooks run in ascending priority; equal priorities run in registration order. Default 0. */
  readonly priority?: number;
  /** When true a failure is logged and the next hook runs; otherwise it stops the run. Default false. */
  readonly continueOnError?: boolean;
}

/** Runs before a crew is kicked off, e.g. to check inputs or warm a cache. */
export interface BeforeKickoffHook<TCrew extends KickoffCrew = KickoffCrew> extends KickoffHookBase {
  // Method syntax on purpose: a hook written for a richer crew type can sit in the shared list.
  execute(crew: TCrew): Promise<void> | void;
}

/** Runs after a crew's kickoff returned, with its result, e.g. to publish or audit it. */
export interface AfterKickoffHook<TCrew extends KickoffCrew = KickoffCrew, TResult = unknown> extends KickoffHookBase {
  execute(crew: TCrew, result: TResult): Promise<void> | void;
}

export const BeforeKickoffHookService = serviceToken<BeforeKickoffHook>('BeforeKickoffHook');
export const AfterKickoffHookService = serviceToken<AfterKickoffHook>('AfterKickoffHook');
