import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import { type CrewProblem, formatCrewProblem } from './crew-problem.js';

/**
 * A crew definition that cannot be used, from a builder, `defineCrew` or a YAML file:
 * every problem found, one line each (`file:line:column: key: message` for YAML).
 */
export class CrewValidationError extends OrkeonError<CoreErrorCode> {
  readonly problems: readonly CrewProblem[];

  constructor(problems: readonly CrewProblem[]) {
    super('CREW_INVALID', problems.map(formatCrewProblem).join('\n'), {
      details: {
        problems: problems.map((problem) => ({
          code: problem.code,
          key: problem.key ?? problem.path.join('.'),
          ...(problem.location === undefined ? {} : { location: problem.location }),
        })),
      },
    });
    this.problems = problems;
  }
}
