import type { PiiType } from '../dlp/pii-detector.js';

/**
 * What a task's answer must be, beyond its JSON Schema (`outputSchema`): checked after the
 * agent answers; a broken rule sends the answer back once more with the reasons
 * (`maxRepairAttempts`), then fails the task naming every rule it breaks.
 */
export interface OutputValidation {
  /** Fewest characters. */
  readonly minLength?: number;
  /** Most characters. */
  readonly maxLength?: number;
  /** Sections the answer must have: a Markdown heading (`## Risks`) or a line that starts `Risks:`. */
  readonly requiredSections?: readonly string[];
  /** A JSON Schema object the answer, as JSON, must match (without asking the model for JSON mode). */
  readonly jsonSchema?: Readonly<Record<string, unknown>>;
  /** Regular expressions (matched without regard to case) the answer must not match. */
  readonly forbiddenPatterns?: readonly string[];
  /**
   * Personal data the answer must not hold, found by the DLP detector (`addSvcDlp` from
   * `@orkeon/dlp`): `true` for every kind, or the kinds to refuse. A run refuses to start
   * when a task declares it and data-loss prevention is not enabled.
   */
  readonly forbiddenPii?: true | readonly PiiType[];
  /** How many times a broken answer is sent back before the task fails. Default 1; 0 fails at once. */
  readonly maxRepairAttempts?: number;
}

export const defaultMaxRepairAttempts = 1;
