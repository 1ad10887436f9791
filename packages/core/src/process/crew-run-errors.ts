import { runnableProcessTypes } from '../crew/process-type.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/**
 * Why a crew run did not succeed, naming every failed and skipped task. Codes:
 * `CREW_RUN_FAILED` (tasks failed), `CREW_RUN_INTERRUPTED` (the signal stopped it), or
 * the code of the error that stopped the run at once (e.g. `EMBEDDING_PROVIDER_MISSING`), which
 * may come from any package: hence `string`, not `CoreErrorCode`.
 */
export class CrewRunError extends OrkeonError<string> {}

/** `runCrew` was given a process it cannot run yet; nothing ran. */
export class UnsupportedProcessError extends OrkeonError<CoreErrorCode> {
  constructor(process: string) {
    super(
      'CREW_PROCESS_UNSUPPORTED',
      `process '${process}' cannot run here; use one of ${runnableProcessTypes.join(', ')}.`,
      { details: { process } },
    );
  }
}

/**
 * Why one task failed, when the model call itself did not throw: `TASK_INTERRUPTED`,
 * `TASK_ITERATIONS_EXHAUSTED` or `TASK_REVISION_REQUIRED`, or the code of a failure read back from a run event (any package: hence `string`).
 */
export class TaskFailureError extends OrkeonError<string> {}
