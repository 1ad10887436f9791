import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

export type KickoffHookStage = 'before' | 'after';

/** A kickoff hook threw and was not registered with `continueOnError: true`; the hooks after it did not run. */
export class KickoffHookError extends OrkeonError<CoreErrorCode> {
  readonly hookName: string;

  constructor(stage: KickoffHookStage, hookName: string, crewName: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'KICKOFF_HOOK_FAILED',
      `The ${stage}-kickoff hook '${hookName}' failed for crew '${crewName}': ${reason}. Fix the hook, or register it with continueOnError: true to log the failure and go on.`,
      { cause, details: { stage, hook: hookName, crew: crewName } },
    );
    this.hookName = hookName;
  }
}

/** A hook registration without a name, or with a priority that is not a finite number. */
export class InvalidKickoffHookError extends OrkeonError<CoreErrorCode> {
  constructor(problem: string) {
    super('KICKOFF_HOOK_INVALID', `A kickoff hook cannot be registered: ${problem}.`);
  }
}
