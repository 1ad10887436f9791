import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { GuardrailTrip } from './guardrail-set.js';

/** A guardrail blocked a task's prompt or answer: the task fails with the exit reason `GuardrailTripped`. */
export class GuardrailTrippedError extends OrkeonError<CoreErrorCode> {
  readonly trip: GuardrailTrip;

  constructor(trip: GuardrailTrip) {
    super('GUARDRAIL_TRIPPED', guardrailBlockMessage(trip), {
      details: { exitReason: 'GuardrailTripped', guardrail: trip.guardrail, stage: trip.stage, reason: trip.reason },
    });
    this.trip = trip;
  }
}

/** `Blocked by guardrail 'no-secrets' (output): the answer names an API key`. */
export function guardrailBlockMessage(trip: GuardrailTrip): string {
  return `Blocked by guardrail '${trip.guardrail}' (${trip.stage}): ${trip.reason}`;
}
