import type { ChangeFeed, Logger } from '@orkeon/core';
import type { RunningTasks } from '../../server/running-tasks.js';
import type { V1Task } from '../wire/task.js';
import { isInterruptedV1State, isTerminalV1State } from '../wire/task-state.js';
import type { TaskEvents } from './task-events.js';
import type { V1TaskRecord, V1TaskRecords } from './v1-task-store.js';

/** The feed's channel of A2A v1.0 task changes; keys are `<instance> <task id>`. */
const channel = 'a2a_v1_tasks';

/** How often the tasks followed here but run elsewhere are read again, for a change no announcement told. */
const pollMilliseconds = 2_000;

export interface TaskChangeRelayParts {
  /** The registered feed, when the host has one (several instances on one store). */
  readonly feed: () => ChangeFeed | undefined;
  /** This process, as leases and announcements name it. */
  readonly instance: string;
  readonly records: () => V1TaskRecords;
  readonly events: TaskEvents;
  readonly running: RunningTasks;
  /** The record with an orphan failed (and that told to the streams here). */
  readonly repaired: (record: V1TaskRecord) => Promise<V1TaskRecord>;
  readonly logger: Logger;
}

/** What a stream here was last told of a task another instance runs. */
interface Told {
  state: string;
  timestamp: string | undefined;
  artifacts: number;
}

/**
 * Carries task changes between server instances that share a task store. A status written here is
 * announced on the feed; an announcement from another instance reaches the task where it runs (a cancel
 * made elsewhere stops its agent) and the streams here that follow it (`SubscribeToTask` on this
 * instance for a task another one runs get its status and artifact updates). Followed tasks are also
 * read every 2 s, so that a missed announcement, a store without a feed, or an instance that died
 * (its lease runs out and the task is failed) still reach the streams.
 */
export class TaskChangeRelay {
  readonly #parts: TaskChangeRelayParts;
  readonly #followed = new Map<string, Told>();
  #following: Promise<void> | undefined;
  #poll: NodeJS.Timeout | undefined;

  constructor(parts: TaskChangeRelayParts) {
    this.#parts = parts;
  }

  /** A task runs here: a cancel made on another instance must reach it, so the feed is followed from now on. */
  attend(): void {
    const feed = this.#parts.feed();
    if (feed !== undefined) void this.#follow(feed);
  }

  /** Tells the other instances that the task's record changed here. */
  announce(taskId: string): void {
    const feed = this.#parts.feed();
    if (feed === undefined) return;
    void this.#follow(feed);
    feed
      .announce(channel, `${this.#parts.instance} ${taskId}`)
      .catch((error: unknown) =>
        this.#parts.logger.warn({ err: error, taskId }, 'A change of an A2A v1.0 task could not be announced.'),
      );
  }

  /** A stream here follows a task another instance runs (or will answer): its changes are told to it. */
  watch(task: V1Task): void {
    this.#followed.set(task.id, toldOf(task));
    const feed = this.#parts.feed();
    if (feed !== undefined) void this.#follow(feed);
    this.#poll ??= setInterval(() => {
      for (const taskId of this.#followed.keys()) void this.#check(taskId, true);
      if (this.#followed.size === 0) {
        clearInterval(this.#poll);
        this.#poll = undefined;
      }
    }, pollMilliseconds).unref();
  }

  /** Starts following the feed, once; announcements from this instance are ignored. */
  #follow(feed: ChangeFeed): Promise<void> {
    this.#following ??= feed
      .follow(
        channel,
        (key) => {
          const space = key.indexOf(' ');
          if (space < 0 || key.slice(0, space) === this.#parts.instance) return;
          void this.#check(key.slice(space + 1), false);
        },
        () => {
          for (const taskId of this.#followed.keys()) void this.#check(taskId, false);
        },
      )
      .then(
        () => undefined,
        (error: unknown) => {
          this.#following = undefined;
          this.#parts.logger.warn({ err: error }, 'The feed of A2A v1.0 task changes could not be followed.');
        },
      );
    return this.#following;
  }

  async #check(taskId: string, repair: boolean): Promise<void> {
    try {
      await this.#checked(taskId, repair);
    } catch (error) {
      this.#parts.logger.warn({ err: error, taskId }, 'A change of an A2A v1.0 task could not be read.');
    }
  }

  async #checked(taskId: string, repair: boolean): Promise<void> {
    const { running, events } = this.#parts;
    if (running.has(taskId)) {
      // Cancelled on another instance: the agent working on it here stops.
      const record = await this.#parts.records().get(taskId);
      if (record?.task.status.state !== 'TASK_STATE_CANCELED') return;
      running.abort(taskId, new Error('The client cancelled the task (on another server instance).'));
      // The run here keeps the recorded CANCELED and says nothing more: its streams hear it from here.
      this.#tell(record.task, { state: '', timestamp: undefined, artifacts: record.task.artifacts?.length ?? 0 });
      return;
    }
    const told = this.#followed.get(taskId);
    if (told === undefined) return;
    if (!events.isFollowed(taskId)) {
      this.#followed.delete(taskId);
      return;
    }
    const stored = await this.#parts.records().get(taskId);
    if (stored === undefined) return;
    const record = repair ? await this.#parts.repaired(stored) : stored;
    const { task } = record;
    // Repaired (an orphan failed): the repair told the streams already.
    if (record !== stored) this.#followed.set(taskId, toldOf(task));
    else this.#tell(task, told);
    const state = task.status.state;
    if (isTerminalV1State(state) || isInterruptedV1State(state)) this.#followed.delete(taskId);
  }

  /** The task's new artifacts, then its new status, to the streams here that follow it. */
  #tell(task: V1Task, told: Told): void {
    const artifacts = task.artifacts ?? [];
    for (const artifact of artifacts.slice(told.artifacts))
      this.#parts.events.publish(
        task.id,
        { artifactUpdate: { taskId: task.id, contextId: task.contextId, artifact, lastChunk: true } },
        { followersOnly: true },
      );
    told.artifacts = artifacts.length;
    if (task.status.state === told.state && task.status.timestamp === told.timestamp) return;
    told.state = task.status.state;
    told.timestamp = task.status.timestamp;
    this.#parts.events.publish(
      task.id,
      { statusUpdate: { taskId: task.id, contextId: task.contextId, status: task.status } },
      { followersOnly: true },
    );
  }
}

function toldOf(task: V1Task): Told {
  return { state: task.status.state, timestamp: task.status.timestamp, artifacts: task.artifacts?.length ?? 0 };
}
