import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/** An execution id that cannot key a stored state. */
export class InvalidExecutionIdError extends OrkeonError<CoreErrorCode> {
  constructor(executionId: unknown, maximumLength: number) {
    super(
      'EXECUTION_ID_INVALID',
      `Execution id ${typeof executionId === 'string' ? `'${executionId.slice(0, 60)}'` : String(executionId)} is not usable: an execution id is 1 to ${maximumLength} characters among letters, digits, '_', ':', '.' and '-'. Use a UUID.`,
    );
  }
}

/** No state is known for the execution id, in memory or in the store. */
export class ExecutionStateNotFoundError extends OrkeonError<CoreErrorCode> {
  constructor(executionId: string) {
    super(
      'EXECUTION_STATE_NOT_FOUND',
      `No crew execution state exists for execution '${executionId}'. Call createState(crewId, executionId, input) first.`,
      { details: { executionId } },
    );
  }
}

/** A change asked of a state that does not allow it: an archived state, or an id already used by another crew. */
export class ExecutionStateConflictError extends OrkeonError<CoreErrorCode> {
  constructor(executionId: string, problem: string) {
    super('EXECUTION_STATE_CONFLICT', `Crew execution '${executionId}': ${problem}.`, { details: { executionId } });
  }
}

/** A metadata value that has no invariant text form (an invalid date, an object). */
export class InvalidExecutionMetadataError extends OrkeonError<CoreErrorCode> {
  constructor(key: string, problem: string) {
    super(
      'EXECUTION_METADATA_INVALID',
      `Metadata '${key}' ${problem}. Give a string, a number, a boolean, a bigint or a valid Date.`,
      { details: { key } },
    );
  }
}

/** A document in the store that is not a crew execution state this version can read. */
export class UnreadableExecutionStateError extends OrkeonError<CoreErrorCode> {
  constructor(executionId: string, problem: string) {
    super(
      'EXECUTION_STATE_UNREADABLE',
      `The stored crew execution state '${executionId}' cannot be read: ${problem}. Delete document '${executionId}' of collection 'crew-executions' from the document store, or write it with the same Orkeon version.`,
      { details: { executionId } },
    );
  }
}

/** A crew id that is missing or empty. */
export class InvalidCrewIdError extends OrkeonError<CoreErrorCode> {
  constructor(executionId: string) {
    super(
      'EXECUTION_CREW_ID_INVALID',
      `Crew execution '${executionId}' needs a crew id: give the id (or name) of the crew that runs it.`,
      { details: { executionId } },
    );
  }
}
