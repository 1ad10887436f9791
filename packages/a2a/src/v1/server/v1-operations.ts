// One file over 300 lines: the task lifecycle (start, run, ask the caller, continue or run again
// after a restart, settle, fail an orphan) shares the runs, the waiting questions, the
// not-yet-written tasks and the leases of this process; listing, views, the caller's scope and
// the lease rules (task-lease.ts) live beside it.

import { type ChangeFeed, DlpChannelGuardService, type Logger, type ServiceProvider } from '@orkeon/core';
import type { A2AInputAnswer, A2ATaskFile } from '../../registration/agent-registration.js';
import { AgentRepositoryService } from '../../registration/agent-repository.js';
import { A2ATaskRouterService } from '../../routing/a2a-task-router.js';
import { delegationChainKey } from '../../routing/delegation-chain.js';
import type { RunningTasks } from '../../server/running-tasks.js';
import { screenedAnswers } from '../../server/screened-answers.js';
import { isoTimestamp } from '../../wire/iso-timestamp.js';
import type { A2ATaskResult } from '../../wire/task-result.js';
import { pushNotificationsOf } from '../push/served-push.js';
import { textOfParts, type V1Message } from '../wire/message.js';
import { V1ProtocolError } from '../wire/protocol-error.js';
import type { V1GetTaskRequest, V1ListTasksRequest, V1SendMessageRequest, V1TaskIdRequest } from '../wire/requests.js';
import type { V1SendMessageResponse, V1StreamResponse, V1Task, V1TaskStatus } from '../wire/task.js';
import { isInterruptedV1State, isTerminalV1State, type V1TaskState } from '../wire/task-state.js';
import type { V1AgentCardJson } from './extended-card.js';
import { listTaskPage, type V1ListTasksResponse } from './list-tasks.js';
import { TaskChangeRelay } from './task-change-relay.js';
import { followTask, stopOf, TaskEvents } from './task-events.js';
import {
  answersToReplay,
  heldElsewhere,
  isOrphaned,
  leaseFor,
  newLeaseHolder,
  taskLeaseMilliseconds,
} from './task-lease.js';
import { taskView } from './task-view.js';
import { isVisibleTo, ownerOf, type V1Caller } from './v1-caller.js';
import type { V1TaskRecord, V1TaskRecords } from './v1-task-store.js';

/** What the operations need from the server they run in. */
export interface V1OperationsParts {
  readonly logger: Logger;
  readonly running: RunningTasks;
  readonly now: () => number;
  readonly newId: () => string;
  /** False once the server is stopping: no new task starts. */
  readonly accepting: () => boolean;
  /** Runs `work` in a fresh service scope, disposed after it. */
  withScope<T>(work: (scope: ServiceProvider) => Promise<T>): Promise<T>;
  /** The task records: the host's (task persistence on) or this server's own in memory. */
  records(): V1TaskRecords;
  /** The extended agent card, when the server has one for authenticated callers. */
  readonly extendedCard?: () => Promise<V1AgentCardJson | undefined>;
  /** The feed that carries task changes between instances sharing the task store, when the host has one. */
  readonly changeFeed?: () => ChangeFeed | undefined;
}

/** One run of a task's agent in this process. */
interface TaskRun {
  readonly task: V1Task;
  readonly skillId: string;
  /** The message the agent works on (the task's first, when it runs again after a restart). */
  readonly message: V1Message;
  readonly signal: AbortSignal;
  /** Answers its questions take from the history before any waits (a run after a restart). */
  readonly replay: V1Message[];
  readonly caller: V1Caller;
}

/** Ends a stream: the task reached a terminal state, or waits for the client. */
function endsStream(event: V1StreamResponse): boolean {
  const state = 'statusUpdate' in event ? event.statusUpdate.status.state : undefined;
  return state !== undefined && (isTerminalV1State(state) || isInterruptedV1State(state));
}

/**
 * The A2A v1.0 operations, the same for every binding: `SendMessage`,
 * `SendStreamingMessage`, `GetTask`, `ListTasks`, `CancelTask` and `SubscribeToTask`.
 * Task ids are made by the server; a message runs the skill named by `metadata.skillId`
 * (on the message or the request), else the first skill of the card. The agent reads the
 * message's parts as text; its answer comes back as a text artifact. Problems the client
 * can mend are thrown as `V1ProtocolError`s, which each binding writes in its own form.
 *
 * @experimental SVCEXP001
 */
export class V1Operations {
  readonly #parts: V1OperationsParts;
  readonly #events = new TaskEvents();
  /** The runs of this process by task id, settled when the task has ended. */
  readonly #runs = new Map<string, Promise<V1Task>>();
  /** The tasks whose agent waits for the caller's answer, by task id. */
  readonly #waiting = new Map<string, (answer: V1Message) => void>();
  /**
   * Tasks of blocking sends not written yet, by id. Until the send answers, its task id is
   * known to no one but this process, so no other request can ask for it: the record is
   * written once, when the task ends or first waits for input (one write per task).
   */
  readonly #unrecorded = new Map<string, V1TaskRecord>();
  /** This process, as the leases of the tasks it runs name it. */
  readonly #instance = newLeaseHolder();
  #leaseRenewal: NodeJS.Timeout | undefined;

  /** The events of the tasks running in this process, as the streams get them. */
  get events(): Pick<TaskEvents, 'listenToAll'> {
    return this.#events;
  }

  /** Task changes to and from the other instances on the same store. */
  readonly #relay: TaskChangeRelay;

  constructor(parts: V1OperationsParts) {
    this.#parts = parts;
    this.#relay = new TaskChangeRelay({
      feed: () => parts.changeFeed?.(),
      instance: this.#instance,
      records: () => parts.records(),
      events: this.#events,
      running: parts.running,
      repaired: (record) => this.#repaired(record),
      logger: parts.logger,
    });
  }

  /** Blocks until the task ends or waits for the client, unless `returnImmediately`. */
  async sendMessage(request: V1SendMessageRequest, caller: V1Caller): Promise<V1SendMessageResponse> {
    const historyLength = request.configuration?.historyLength;
    const immediately = request.configuration?.returnImmediately === true;
    let stop: ReturnType<typeof stopOf> | undefined;
    // A new task of a blocking send without a webhook is written once, when it stops.
    const deferRecord = !immediately && request.configuration?.taskPushNotificationConfig === undefined;
    const started = await this.#start(
      request,
      caller,
      (taskId) => {
        if (!immediately) stop = stopOf(this.#events, taskId, endsStream);
      },
      deferRecord,
    );
    // A run that ends without a last event (its record could not be written) still ends the wait.
    void started.settled.catch(() => undefined).finally(() => stop?.cancel());
    if (stop === undefined) return { task: taskView(started.task, { historyLength }) };
    const last = await stop.stopped;
    const state = last !== undefined && 'statusUpdate' in last ? last.statusUpdate.status.state : undefined;
    // Completed or failed by its own run: the run resolves with the task as written, no read needed.
    if (state === 'TASK_STATE_COMPLETED' || state === 'TASK_STATE_FAILED')
      return { task: taskView(await started.settled, { historyLength }) };
    const record = await this.#parts.records().get(started.task.id);
    return { task: taskView(record?.task ?? (await started.settled), { historyLength }) };
  }

  /** The task, then its status and artifact updates, until it ends or waits for the client. */
  async sendStreamingMessage(
    request: V1SendMessageRequest,
    caller: V1Caller,
  ): Promise<AsyncIterable<V1StreamResponse>> {
    const historyLength = request.configuration?.historyLength;
    let follow: ReturnType<typeof followTask> | undefined;
    const started = await this.#start(request, caller, (taskId) => {
      follow = followTask(this.#events, taskId, endsStream);
    });
    void started.settled.catch(() => undefined).finally(() => follow?.close());
    const events = follow?.events;
    return (async function* () {
      yield { task: taskView(started.task, { historyLength }) };
      if (events !== undefined) yield* events;
    })();
  }

  /** The extended card; `UnsupportedOperation` when the card declares none. */
  async getExtendedAgentCard(): Promise<V1AgentCardJson> {
    const card = await this.#parts.extendedCard?.();
    if (card === undefined)
      throw new V1ProtocolError(
        'UnsupportedOperation',
        'This agent declares no extended agent card (capabilities.extendedAgentCard is false): it has none, or it authenticates no caller.',
      );
    return card;
  }

  async getTask(request: V1GetTaskRequest, caller: V1Caller): Promise<V1Task> {
    const record = await this.#recordOf(request.id, caller);
    return taskView(record.task, { historyLength: request.historyLength });
  }

  /** Every task record, whoever made it: for the host's own views, never answered to a caller. */
  taskRecords(): Promise<V1TaskRecord[]> {
    return this.#parts.records().all();
  }

  /** The caller's own tasks (in its tenant), filtered and paged. */
  async listTasks(request: V1ListTasksRequest, caller: V1Caller): Promise<V1ListTasksResponse> {
    const records = await this.#parts.records().all();
    const visible = records.filter((record) => isVisibleTo(record, caller));
    return listTaskPage(await Promise.all(visible.map((record) => this.#repaired(record))), request);
  }

  /** Whether `caller` may see the task (`taskId` is known and theirs): push configs follow their task. */
  async isTaskOf(taskId: string, caller: V1Caller): Promise<boolean> {
    const record = await this.#parts.records().get(taskId);
    return record !== undefined && isVisibleTo(record, caller);
  }

  /** Records `CANCELED` and tells the agent through its signal; a task that ended cannot be cancelled. */
  async cancelTask(request: V1TaskIdRequest, caller: V1Caller): Promise<V1Task> {
    await this.#recordOf(request.id, caller);
    const timestamp = isoTimestamp(this.#parts.now());
    let refused: V1ProtocolError | undefined;
    const record = await this.#parts.records().update(request.id, (current) => {
      refused = undefined;
      if (current === undefined || !isVisibleTo(current, caller)) {
        refused = taskNotFound(request.id);
        return undefined;
      }
      if (isTerminalV1State(current.task.status.state)) {
        refused = new V1ProtocolError(
          'TaskNotCancelable',
          `Task '${request.id}' has already ended (${current.task.status.state}); only a task that has not ended can be cancelled.`,
        );
        return undefined;
      }
      return withStatus(current, { state: 'TASK_STATE_CANCELED', timestamp });
    });
    if (refused !== undefined) throw refused;
    if (record === undefined) throw taskNotFound(request.id);
    this.#parts.running.abort(request.id, new Error('The client cancelled the task.'));
    this.#publishStatus(record.task);
    return taskView(record.task, {});
  }

  /**
   * The task as it is now, then its events until it ends or waits for the client. A task
   * not running in this process (e.g. recorded before a restart) gives the snapshot alone.
   */
  async subscribeToTask(request: V1TaskIdRequest, caller: V1Caller): Promise<AsyncIterable<V1StreamResponse>> {
    // Listen first, read second: an event between the two is delivered, not lost.
    const follow = followTask(this.#events, request.id, endsStream);
    const stored = await this.#parts.records().get(request.id);
    if (stored === undefined || !isVisibleTo(stored, caller)) {
      follow.close();
      throw taskNotFound(request.id);
    }
    const record = await this.#repaired(stored);
    const state = record.task.status.state;
    if (isTerminalV1State(state)) {
      follow.close();
      throw new V1ProtocolError(
        'UnsupportedOperation',
        `Task '${request.id}' has already ended (${state}); read it with GetTask instead of subscribing.`,
      );
    }
    // A task another instance runs (its lease is live), or one waiting for input (its answer may be taken
    // anywhere), is followed through the store and the change feed; one no process runs gives the snapshot alone.
    if (!this.#parts.running.has(request.id)) {
      if (state === 'TASK_STATE_INPUT_REQUIRED' || heldElsewhere(record, this.#instance, this.#parts.now()))
        this.#relay.watch(record.task);
      else follow.close();
    }
    return (async function* () {
      yield { task: taskView(record.task, {}) };
      yield* follow.events;
    })();
  }

  /**
   * Records the task (`WORKING`, the message in its history), calls `beforeRun` (a
   * stream starts following it there), then runs it. `settled` is the task once it ended.
   */
  async #start(
    request: V1SendMessageRequest,
    caller: V1Caller,
    beforeRun?: (taskId: string) => void,
    deferRecord = false,
  ): Promise<{ task: V1Task; settled: Promise<V1Task> }> {
    if (!this.#parts.accepting())
      throw new V1ProtocolError(
        'UnsupportedOperation',
        'The server is stopping and takes no new task; send it again later.',
      );
    const message = request.message;
    if (message.role !== 'ROLE_USER')
      throw new V1ProtocolError('InvalidParams', `A message to an agent has role ROLE_USER, not ${message.role}.`);
    if (message.taskId !== undefined && message.taskId !== '') return this.#continue(message, caller, beforeRun);
    const taskId = this.#parts.newId();
    const contextId =
      message.contextId !== undefined && message.contextId !== '' ? message.contextId : this.#parts.newId();
    const skillId = await this.#skillOf(request);
    const signal = this.#parts.running.claim(taskId, { dialect: 'v1', skillId });
    if (signal === undefined) throw new V1ProtocolError('Internal', `Task id '${taskId}' is already running.`);
    this.#relay.attend();
    const timestamp = isoTimestamp(this.#parts.now());
    const task: V1Task = {
      id: taskId,
      contextId,
      status: { state: 'TASK_STATE_WORKING', timestamp },
      history: [{ ...message, taskId, contextId }],
      ...(request.metadata === undefined ? {} : { metadata: request.metadata }),
    };
    const record: V1TaskRecord = {
      task,
      skillId,
      createdAt: timestamp,
      owner: caller.identity,
      ...(caller.tenant === '' ? {} : { tenant: caller.tenant }),
      // A record written later (a blocking send's) gets its lease when it is written.
      ...(deferRecord ? {} : { lease: leaseFor(this.#instance, this.#parts.now()) }),
    };
    if (deferRecord) this.#unrecorded.set(taskId, record);
    else
      try {
        await this.#parts.records().create(record);
      } catch (error) {
        this.#parts.running.release(taskId);
        throw error;
      }
    const pushConfig = request.configuration?.taskPushNotificationConfig;
    if (pushConfig !== undefined) await pushNotificationsOf(this)?.registerFromSend(taskId, pushConfig);
    // Webhooks hear the task as it starts; a stream gets the same snapshot as its first event.
    this.#events.publish(taskId, { task }, { followersOnly: deferRecord });
    beforeRun?.(taskId);
    return { task, settled: this.#launch({ task, skillId, message, signal, replay: [], caller }) };
  }

  /** Runs the task in this process, keeping its lease while it runs. */
  #launch(run: TaskRun): Promise<V1Task> {
    const settled = this.#run(run);
    this.#runs.set(run.task.id, settled);
    this.#parts.running.track(run.task.id, settled);
    this.#renewLeasesWhileRunning();
    return settled;
  }

  async #run({ task, skillId, message, signal, replay, caller }: TaskRun): Promise<V1Task> {
    const input = textOfParts(message.parts);
    // The handler reads text; the ids say which message it answers (a test agent may act on them).
    const chain = message.metadata?.[delegationChainKey];
    const metadata = {
      contextId: task.contextId,
      messageId: message.messageId,
      ...(typeof chain === 'string' ? { [delegationChainKey]: chain } : {}),
    };
    const { logger } = this.#parts;
    try {
      const result = await this.#parts.withScope((scope) =>
        // Svc:Dlp:ApplyInPipeline: the answer passes the ExternalOutput channel before it is recorded or sent.
        screenedAnswers(scope.get(A2ATaskRouterService), scope.tryGet(DlpChannelGuardService)).routeTask(
          { id: task.id, skillId, input, inputMode: 'text/plain', metadata },
          signal,
          {
            requestInput: (prompt, asked) => {
              // A task run again answers the questions it asked before from its history.
              const answered = replay.shift();
              if (answered !== undefined)
                return Promise.resolve({
                  answered: true,
                  value: textOfParts(answered.parts),
                  messageId: answered.messageId,
                });
              return this.#requestInput(task, prompt, asked ?? signal);
            },
            conversation: { contextId: task.contextId, caller: caller.identity, tenant: caller.tenant },
            ...filesOf(message),
          },
        ),
      );
      return await this.#settle(task, result);
    } catch (error) {
      logger.error({ err: error, taskId: task.id }, 'A2A v1.0 task failed unexpectedly.');
      return this.#settle(task, {
        taskId: task.id,
        status: 'Failed',
        error: 'Internal server error. The cause is in the server log.',
        timestamp: isoTimestamp(this.#parts.now()),
      });
    } finally {
      this.#parts.running.release(task.id);
      this.#runs.delete(task.id);
      this.#waiting.delete(task.id);
      this.#unrecorded.delete(task.id);
    }
  }

  /**
   * The agent asks its caller: the task waits in `INPUT_REQUIRED`, the question as its
   * status message, until a message naming the task answers (or the task is stopped).
   */
  async #requestInput(task: V1Task, prompt: string, signal: AbortSignal): Promise<A2AInputAnswer> {
    if (signal.aborted) return { answered: false, reason: 'the task was stopped' };
    const status: V1TaskStatus = {
      state: 'TASK_STATE_INPUT_REQUIRED',
      timestamp: isoTimestamp(this.#parts.now()),
      message: this.#agentMessage(task, prompt),
    };
    const answer = new Promise<A2AInputAnswer>((resolve) => {
      const onAbort = () => {
        this.#waiting.delete(task.id);
        resolve({ answered: false, reason: 'the task was stopped before the caller answered' });
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiting.set(task.id, (message) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ answered: true, value: textOfParts(message.parts), messageId: message.messageId });
      });
    });
    const record = await this.#change(task.id, (current) =>
      current === undefined || isTerminalV1State(current.task.status.state) ? undefined : withStatus(current, status),
    );
    if (record?.task.status.state !== 'TASK_STATE_INPUT_REQUIRED') {
      this.#waiting.delete(task.id);
      return { answered: false, reason: 'the task has ended' };
    }
    this.#publishStatus(record.task);
    return answer;
  }

  /** Records the outcome (a task cancelled meanwhile stays `CANCELED`) and tells the streams. */
  async #settle(task: V1Task, result: A2ATaskResult): Promise<V1Task> {
    const artifact =
      result.status === 'Completed'
        ? { artifactId: `${task.id}-output`, name: 'output', parts: [{ text: result.output ?? '' }] }
        : undefined;
    const status: V1TaskStatus = {
      state: outcomeState(result),
      timestamp: result.timestamp,
      ...(result.error === undefined ? {} : { message: this.#agentMessage(task, result.error) }),
    };
    // Whether this outcome was written: a task cancelled meanwhile keeps its state, told once already.
    let written = false;
    const unrecorded = this.#unrecorded.has(task.id);
    const record = await this.#change(task.id, (current) => {
      written = false;
      if (current === undefined || isTerminalV1State(current.task.status.state)) return undefined;
      written = true;
      const changed = withStatus(current, status);
      return artifact === undefined
        ? changed
        : { ...changed, task: { ...changed.task, artifacts: [...(changed.task.artifacts ?? []), artifact] } };
    });
    const settled = record?.task ?? { ...task, status };
    if (written && record !== undefined) {
      if (artifact !== undefined)
        this.#events.publish(
          task.id,
          { artifactUpdate: { taskId: task.id, contextId: task.contextId, artifact, lastChunk: true } },
          { followersOnly: unrecorded },
        );
      this.#publishStatus(settled, { followersOnly: unrecorded });
    }
    return settled;
  }

  /**
   * Changes the task's record as `records().update` does; a task not written yet (a
   * blocking send's) is written here, for the first time, with the change applied.
   */
  async #change(
    taskId: string,
    change: (current: V1TaskRecord | undefined) => V1TaskRecord | undefined,
  ): Promise<V1TaskRecord | undefined> {
    const pending = this.#unrecorded.get(taskId);
    if (pending === undefined) return this.#parts.records().update(taskId, change);
    const proposed = change(pending);
    if (proposed === undefined) return pending;
    const changed = isTerminalV1State(proposed.task.status.state)
      ? proposed
      : { ...proposed, lease: leaseFor(this.#instance, this.#parts.now()) };
    this.#unrecorded.delete(taskId);
    await this.#parts.records().create(changed);
    return changed;
  }

  #publishStatus(task: V1Task, options?: { readonly followersOnly?: boolean }): void {
    this.#events.publish(
      task.id,
      { statusUpdate: { taskId: task.id, contextId: task.contextId, status: task.status } },
      options,
    );
    // Written to the store (a task known only here is not): the other instances may follow it.
    if (options?.followersOnly !== true) this.#relay.announce(task.id);
  }

  #agentMessage(task: V1Task, text: string): V1Message {
    return {
      messageId: this.#parts.newId(),
      taskId: task.id,
      contextId: task.contextId,
      role: 'ROLE_AGENT',
      parts: [{ text }],
    };
  }

  /**
   * A message naming a task answers the question the task waits on (`INPUT_REQUIRED`): it
   * joins the history, the task is `WORKING` again and its agent goes on. Any other task
   * takes no message: unknown, of another context, ended, working, or waiting in a
   * process that is gone.
   */
  async #continue(
    message: V1Message,
    caller: V1Caller,
    beforeRun: ((taskId: string) => void) | undefined,
  ): Promise<{ task: V1Task; settled: Promise<V1Task> }> {
    const taskId = message.taskId ?? '';
    const record = await this.#recordOf(taskId, caller);
    const { contextId } = record.task;
    if (message.contextId !== undefined && message.contextId !== '' && message.contextId !== contextId)
      throw new V1ProtocolError(
        'InvalidParams',
        `The message's contextId '${message.contextId}' is not the context of task '${taskId}' ('${contextId}').`,
      );
    const state = record.task.status.state;
    const answer = this.#waiting.get(taskId);
    const run = this.#runs.get(taskId);
    if (state === 'TASK_STATE_INPUT_REQUIRED' && (answer === undefined || run === undefined))
      return this.#resume(record, message, beforeRun);
    if (state !== 'TASK_STATE_INPUT_REQUIRED' || answer === undefined || run === undefined)
      throw new V1ProtocolError(
        'UnsupportedOperation',
        isTerminalV1State(state)
          ? `Task '${taskId}' has ended (${state}) and takes no more messages; send a new message without taskId (the same contextId keeps the conversation).`
          : `Task '${taskId}' is ${state} and does not wait for input; wait for it to end, or cancel it.`,
      );
    // Taken at once: of two answers sent together, one continues the task.
    this.#waiting.delete(taskId);
    const given = { ...message, taskId, contextId };
    const updated = await this.#parts.records().update(taskId, (current) =>
      current === undefined
        ? undefined
        : {
            ...current,
            task: {
              ...current.task,
              status: { state: 'TASK_STATE_WORKING', timestamp: isoTimestamp(this.#parts.now()) },
              history: [...(current.task.history ?? []), given],
            },
          },
    );
    const task = updated?.task ?? record.task;
    // The other streams hear the task work again; the answering stream starts from its snapshot.
    this.#publishStatus(task);
    beforeRun?.(taskId);
    answer(given);
    return { task, settled: run };
  }

  /**
   * Answers a task that waits for input in a process that is gone: the answer joins the
   * history, and the task runs here again from its first message, its earlier questions
   * answered from the history (`answersToReplay`), the last by this message.
   */
  async #resume(
    record: V1TaskRecord,
    message: V1Message,
    beforeRun: ((taskId: string) => void) | undefined,
  ): Promise<{ task: V1Task; settled: Promise<V1Task> }> {
    const taskId = record.task.id;
    if (heldElsewhere(record, this.#instance, this.#parts.now()))
      throw new V1ProtocolError(
        'UnsupportedOperation',
        `Task '${taskId}' waits for its answer in another server process (${record.lease?.holder}); send the answer to that server, or again after ${taskLeaseMilliseconds / 1000} s if it has stopped.`,
      );
    const first = record.task.history?.[0];
    if (first === undefined)
      throw new V1ProtocolError('Internal', `Task '${taskId}' has no first message in its record to run again.`);
    const signal = this.#parts.running.claim(taskId, { dialect: 'v1', skillId: record.skillId });
    if (signal === undefined)
      throw new V1ProtocolError('UnsupportedOperation', `Task '${taskId}' is already taking an answer; wait for it.`);
    this.#relay.attend();
    const given = { ...message, taskId, contextId: record.task.contextId };
    let resumed: V1TaskRecord | undefined;
    try {
      resumed = await this.#parts.records().update(taskId, (current) =>
        current === undefined ||
        current.task.status.state !== 'TASK_STATE_INPUT_REQUIRED' ||
        heldElsewhere(current, this.#instance, this.#parts.now())
          ? undefined
          : {
              ...current,
              lease: leaseFor(this.#instance, this.#parts.now()),
              task: {
                ...current.task,
                status: { state: 'TASK_STATE_WORKING', timestamp: isoTimestamp(this.#parts.now()) },
                history: [...(current.task.history ?? []), given],
              },
            },
      );
    } catch (error) {
      this.#parts.running.release(taskId);
      throw error;
    }
    if (resumed?.task.status.state !== 'TASK_STATE_WORKING' || resumed.lease?.holder !== this.#instance) {
      this.#parts.running.release(taskId);
      throw new V1ProtocolError(
        'UnsupportedOperation',
        `Task '${taskId}' took another answer meanwhile (${resumed?.task.status.state ?? 'gone'}); read it with GetTask.`,
      );
    }
    const task = resumed.task;
    this.#publishStatus(task);
    beforeRun?.(taskId);
    const replay = answersToReplay(task.history ?? []);
    return {
      task,
      settled: this.#launch({
        task,
        skillId: resumed.skillId,
        message: first,
        signal,
        replay,
        caller: ownerOf(resumed),
      }),
    };
  }

  /** The caller's record of the task; another caller's task is as unknown as a missing one. */
  async #recordOf(taskId: string, caller: V1Caller): Promise<V1TaskRecord> {
    const record = await this.#parts.records().get(taskId);
    if (record === undefined || !isVisibleTo(record, caller)) throw taskNotFound(taskId);
    return this.#repaired(record);
  }

  /**
   * The record as it stands, with an orphan (recorded as working by a process that is
   * gone, see `isOrphaned`) failed first, so that no task stays `WORKING` forever.
   */
  async #repaired(record: V1TaskRecord): Promise<V1TaskRecord> {
    const now = this.#parts.now();
    const taskId = record.task.id;
    // Claimed before its record is written: a task starting here is never taken for an orphan.
    const here = () => this.#parts.running.has(taskId) || this.#runs.has(taskId);
    if (!isOrphaned(record, this.#instance, now, here())) return record;
    const status: V1TaskStatus = {
      state: 'TASK_STATE_FAILED',
      timestamp: isoTimestamp(now),
      message: this.#agentMessage(
        record.task,
        'The server process running this task stopped before it ended; send the message again.',
      ),
    };
    let failed = false;
    const updated = await this.#parts.records().update(taskId, (current) => {
      failed = current !== undefined && isOrphaned(current, this.#instance, now, here());
      return failed && current !== undefined ? withStatus(current, status) : undefined;
    });
    if (failed && updated !== undefined) this.#publishStatus(updated.task);
    return updated ?? record;
  }

  /** Renews the leases of the recorded tasks running here, every third of a lease, while any runs. */
  #renewLeasesWhileRunning(): void {
    if (this.#leaseRenewal !== undefined) return;
    this.#leaseRenewal = setInterval(() => {
      if (this.#runs.size === 0) {
        clearInterval(this.#leaseRenewal);
        this.#leaseRenewal = undefined;
        return;
      }
      for (const taskId of this.#runs.keys()) {
        if (this.#unrecorded.has(taskId)) continue;
        void this.#parts
          .records()
          .update(taskId, (current) =>
            current === undefined ||
            isTerminalV1State(current.task.status.state) ||
            current.lease?.holder !== this.#instance
              ? undefined
              : { ...current, lease: leaseFor(this.#instance, this.#parts.now()) },
          )
          .then((stored) => {
            // Cancelled on another instance, and its announcement missed: the agent stops now.
            if (stored?.task.status.state === 'TASK_STATE_CANCELED')
              this.#parts.running.abort(
                taskId,
                new Error('The client cancelled the task (on another server instance).'),
              );
          })
          .catch((error: unknown) =>
            this.#parts.logger.warn({ err: error, taskId }, 'The lease of an A2A v1.0 task could not be renewed.'),
          );
      }
    }, taskLeaseMilliseconds / 3);
    this.#leaseRenewal.unref();
  }

  async #skillOf(request: V1SendMessageRequest): Promise<string> {
    const named = request.message.metadata?.skillId ?? request.metadata?.skillId;
    if (typeof named === 'string' && named !== '') return named;
    if (named !== undefined)
      throw new V1ProtocolError('InvalidParams', 'metadata.skillId names a skill of the agent card: a string.');
    const agents = await this.#parts.withScope((scope) => scope.get(AgentRepositoryService).getAvailableAgents());
    const first = agents[0];
    if (first === undefined)
      throw new V1ProtocolError(
        'UnsupportedOperation',
        'This server has no skill to run the message: no agent is registered.',
      );
    return first.id;
  }
}

function outcomeState(result: A2ATaskResult): V1TaskState {
  if (result.status === 'Completed') return 'TASK_STATE_COMPLETED';
  if (result.status === 'Cancelled') return 'TASK_STATE_CANCELED';
  return 'TASK_STATE_FAILED';
}

/** The record with a new status (its message joins the history); an ended task holds no lease. */
function withStatus(record: V1TaskRecord, status: V1TaskStatus): V1TaskRecord {
  const history = status.message === undefined ? record.task.history : [...(record.task.history ?? []), status.message];
  const { lease, ...rest } = record;
  return {
    ...rest,
    ...(lease === undefined || isTerminalV1State(status.state) ? {} : { lease }),
    task: { ...record.task, status, ...(history === undefined ? {} : { history }) },
  };
}

function taskNotFound(taskId: string): V1ProtocolError {
  return new V1ProtocolError('TaskNotFound', `No task '${taskId}': the id is unknown here, or its record was removed.`);
}

/** The message's parts that carry bytes, as the task context's `files` (none: no key). */
function filesOf(message: V1Message): { files?: A2ATaskFile[] } {
  const files = message.parts.flatMap((part) =>
    part.raw === undefined
      ? []
      : [
          {
            raw: part.raw,
            ...(part.mediaType === undefined ? {} : { mediaType: part.mediaType }),
            ...(part.filename === undefined ? {} : { filename: part.filename }),
          },
        ],
  );
  return files.length === 0 ? {} : { files };
}
