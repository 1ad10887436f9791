import { OrkeonError } from '@orkeon/core';

/** A stored session under the `a2a-task:` prefix that is not a task record this version can read. */
export class UnreadableA2ATaskRecordError extends OrkeonError {
  constructor(sessionId: string, problem: string) {
    super(
      'A2A_TASK_RECORD_UNREADABLE',
      `The stored A2A task record '${sessionId}' cannot be read: ${problem}. Delete the session '${sessionId}' from the state store, or write it with the same Orkeon version.`,
      { details: { sessionId } },
    );
  }
}
