import type { CrewBudgetMeter } from '../budget/crew-budget-meter.js';
import { CheckpointManager } from '../checkpoint/checkpoint-manager.js';
import { ResumeEngine } from '../checkpoint/resume-engine.js';
import type { StateStore } from '../checkpoint/state-store.js';
import type { CrewDefinition } from '../crew/crew-definition.js';
import type { Logger } from '../logging/logger.js';
import { withoutCodeFence } from '../output-validation/output-violations.js';
import type { CrewEvent } from '../process/crew-events.js';
import { TaskFailureError } from '../process/crew-run-errors.js';
import { graphCheckpointId } from '../process/graph-crew-process.js';
import type { FileSystem } from '../vfs/file-system.js';

/** A crew run's checkpoint session: started afresh, or the latest unfinished one resumed. */
export interface CrewSession {
  readonly sessionId: string;
  readonly completedOutputs: Readonly<Record<string, string>>;
  readonly resumed: boolean;
  /** Saves checkpoints and deliverables as tasks settle; pass every crew event. */
  record(event: CrewEvent): Promise<void>;
  /** The first deliverable that could not be written, as a message. */
  readonly deliverableFailure: string | undefined;
  /**
   * Counts what the resumed session's earlier runs used on the run's meter (nothing for a
   * new session); call once, after `run.started` and before any model call.
   */
  countEarlierUsage(): void;
  complete(): Promise<void>;
  /** Saves the run's usage; what a run that ends unfinished (a spent budget, a failure, a stop) does last. */
  saveUsage(): Promise<void>;
}

/**
 * Opens the crew's checkpoint session and returns what records it: each completed
 * task's output is checkpointed (before dependants start, since the run waits for
 * its listener) and written to its deliverable path through the file system; failed
 * and skipped tasks are marked. Every state saved carries the run's usage from the
 * meter. With `resume`, the latest unfinished session of the crew continues: its
 * completed tasks are reused and its budget counts on from the usage stored with it.
 */
export async function openCrewSession(
  crew: CrewDefinition,
  options: { store: StateStore; vfs: FileSystem; logger: Logger; resume: boolean; meter: CrewBudgetMeter },
): Promise<CrewSession> {
  const { store, vfs, logger, meter } = options;
  const checkpoints = new CheckpointManager(store, { logger, usage: () => meter.usage() });
  const resumed = options.resume ? await new ResumeEngine(store).resume(crew.name) : undefined;
  if (options.resume && resumed === undefined)
    logger.warn({ crew: crew.name }, 'nothing to resume: no unfinished run of this crew; starting afresh');
  if (resumed !== undefined)
    logger.info({ session: resumed.sessionId, reused: resumed.completedTaskIds }, 'resuming the latest unfinished run');
  const sessionId = resumed?.sessionId ?? (await checkpoints.startSession(crew.name)).sessionId;
  const deliverables = new Map(
    crew.tasks.flatMap((task) => (task.deliverable === undefined ? [] : [[task.id, task.deliverable] as const])),
  );
  let deliverableFailure: string | undefined;
  const started = new Map<string, string>();
  const timing = (taskId: string) => {
    const at = started.get(taskId);
    return at === undefined ? {} : { startedAt: at };
  };
  return {
    sessionId,
    completedOutputs: resumed?.completedOutputs ?? {},
    resumed: resumed !== undefined,
    get deliverableFailure() {
      return deliverableFailure;
    },
    async record(event) {
      // Each task's start, kept with its outcome so that a recorded run shows a timeline.
      if (event.kind === 'task.started') {
        started.set(event.taskId, new Date().toISOString());
        return;
      }
      if (event.kind === 'graph.node.completed') {
        if (event.checkpoint !== undefined)
          await checkpoints.checkpoint(sessionId, graphCheckpointId, event.checkpoint);
        return;
      }
      if (event.kind === 'task.failed') {
        await checkpoints.markFailed(
          sessionId,
          event.taskId,
          new TaskFailureError(event.error.code, event.error.message),
          timing(event.taskId),
        );
        return;
      }
      if (event.kind !== 'task.completed' || event.reused === true) return;
      if (event.skipped === true) {
        await checkpoints.markSkipped(sessionId, event.taskId, event.reason ?? 'skipped');
        return;
      }
      if (event.output === undefined) return;
      await checkpoints.checkpoint(sessionId, event.taskId, event.output, timing(event.taskId));
      const deliverable = deliverables.get(event.taskId);
      if (deliverable === undefined) return;
      // A JSON deliverable is the JSON itself, not the code fence a model put around it.
      const text = deliverable.format === 'json' ? withoutCodeFence(event.output) : event.output;
      const written = await vfs.writeText(deliverable.path, text);
      if (!written.ok)
        deliverableFailure ??= `The deliverable of task '${event.taskId}' could not be written: ${written.message}`;
    },
    countEarlierUsage() {
      if (resumed === undefined) return;
      if (resumed.usage === undefined) {
        logger.debug(
          { session: resumed.sessionId },
          'the checkpoint keeps no usage (written by release 0.1); the crew budget counts from zero',
        );
        return;
      }
      meter.countEarlier(resumed.usage);
    },
    complete: async () => {
      await checkpoints.completeSession(sessionId);
    },
    saveUsage: async () => {
      await checkpoints.recordUsage(sessionId, meter.exhaustion === undefined ? 'stopped' : 'budget-exhausted');
    },
  };
}
