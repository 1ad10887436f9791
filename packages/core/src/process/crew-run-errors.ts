import { OrkeonError } from '../errors/orkeon-error.js';

/**
 * Why a crew run did not succeed, naming every failed and skipped task. Codes:
 * `CREW_RUN_FAILED` (tasks failed), `CREW_RUN_INTERRUPTED` (the signal stopped it), or
 * the code of the error that stopped the run at once (e.g. `EMBEDDING_PROVIDER_MISSING`).
 */
export class CrewRunError extends OrkeonError {}

/** `runCrew` was given a process it cannot run yet; nothing ran. */
export class UnsupportedProcessError extends OrkeonError {
  constructor(process: string) {
    super(
      'CREW_PROCESS_UNSUPPORTED',
      `process '${process}' is not yet supported; use sequential, hierarchical or parallel.`,
      { details: { process } },
    );
  }
}

/**
 * Why one task failed, when the model call itself did not throw: `TASK_INTERRUPTED`,
 * `TASK_ITERATIONS_EXHAUSTED` or `TASK_NEEDS_REVISION`.
 */
export class TaskFailureError extends OrkeonError {}
