import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/** One thing wrong with the settings, written as a single line that names the key and the fix. */
export interface SettingsProblem {
  /** Full key, e.g. `Llm:Temperature`; empty when the problem is about a whole source. */
  readonly key: string;
  readonly message: string;
}

/**
 * Settings that cannot be used. Raised at start, before any work, with every problem
 * found; the message is one line per problem. Secret values never appear in it.
 */
export class ConfigurationError extends OrkeonError<CoreErrorCode> {
  readonly problems: readonly SettingsProblem[];

  constructor(problems: readonly SettingsProblem[], options: { cause?: unknown } = {}) {
    super('CONFIGURATION_INVALID', problems.map((problem) => problem.message).join('\n'), {
      ...options,
      details: { keys: problems.map((problem) => problem.key) },
    });
    this.problems = problems;
  }
}
