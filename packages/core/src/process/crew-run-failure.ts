import type { TaskDefinition } from '../crew/task-definition.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { TaskOutcome } from './crew-result.js';
import { CrewRunError, TaskFailureError } from './crew-run-errors.js';

/** The error of a run that did not complete: interrupted, stopped by an error, or failed tasks. */
export function crewRunError(
  crewName: string,
  outcome: {
    readonly failed: readonly TaskOutcome[];
    readonly skipped: readonly TaskOutcome[];
    readonly interrupted: boolean;
    readonly stoppedBy: OrkeonError | undefined;
  },
): CrewRunError {
  const { failed, skipped } = outcome;
  const parts = [
    ...failed.map((task) => `task '${task.id}' failed (${task.error?.message ?? 'unknown error'})`),
    ...skipped.map((task) => `task '${task.id}' skipped (${task.reason ?? 'not run'})`),
  ];
  // A run stopped after its last task (a crew graph's node failed) has no task to name: the stop says why.
  const summary = parts.join('; ') || (outcome.stoppedBy?.message ?? '');
  const details = { failed: failed.map((task) => task.id), skipped: skipped.map((task) => task.id) };
  if (outcome.interrupted) {
    return new CrewRunError('CREW_RUN_INTERRUPTED', `The run of crew '${crewName}' was interrupted: ${summary}.`, {
      details,
    });
  }
  if (outcome.stoppedBy !== undefined) {
    return new CrewRunError(outcome.stoppedBy.code, `Crew '${crewName}' stopped: ${summary}.`, {
      cause: outcome.stoppedBy,
      details,
    });
  }
  return new CrewRunError('CREW_RUN_FAILED', `Crew '${crewName}' failed: ${summary}.`, { details });
}

export function interruptedError(task: TaskDefinition): TaskFailureError {
  return new TaskFailureError('TASK_INTERRUPTED', `task '${task.id}' was interrupted before it finished.`);
}

/** Model errors are already Orkeon errors; anything else (a bug in a callback) is wrapped, keeping its message. */
export function asOrkeonError(error: unknown): OrkeonError {
  if (OrkeonError.isInstance(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new OrkeonError<CoreErrorCode>('TASK_RUN_FAILED', message, { cause: error });
}
