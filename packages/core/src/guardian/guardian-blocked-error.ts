import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { GuardianDecision } from './guardian.js';

/** The Guardian stopped a prompt before the model saw it: the task ends with the exit reason `GuardianBlocked`. */
export class GuardianBlockedError extends OrkeonError<CoreErrorCode> {
  readonly exitReason = 'GuardianBlocked';

  constructor(decision: GuardianDecision) {
    super('GUARDIAN_BLOCKED', `Blocked by Guardian (${decision.phase}): ${decision.reason}.`, {
      details: {
        exitReason: 'GuardianBlocked',
        phase: decision.phase,
        ...(decision.classes === undefined ? {} : { classes: [...decision.classes] }),
        ...(decision.severity === undefined ? {} : { severity: decision.severity }),
      },
    });
  }
}
