import { type Guardian, serviceToken } from '@orkeon/core';
import type { A2ATaskContext, NormalizedA2ATaskRequest } from '../registration/agent-registration.js';
import type { AgentRepository } from '../registration/agent-repository.js';
import { isoTimestamp } from '../wire/iso-timestamp.js';
import type { A2ATaskResult } from '../wire/task-result.js';
import { delegationChainOf, routerInstanceId, withDelegationChain } from './delegation-chain.js';
import type { A2ARemoteSender } from './remote-sender.js';

export interface A2ATaskRouterOptions {
  readonly repository: AgentRepository;
  /** Sends to `remote` agents; without it a remote agent answers `Failed`. */
  readonly remoteSender?: A2ARemoteSender | undefined;
  /** The clock in epoch milliseconds, for tests. */
  readonly now?: () => number;
  /** Judges each hand-over between routers (the delegation phase); absent when the Guardian is off. */
  readonly guardian?: Guardian | undefined;
  /** This router's id in a task's delegation chain; default one per process. */
  readonly instanceId?: string;
}

/**
 * Routes a submission to the agent whose id equals the skill id (exact, case-sensitive):
 * a `local` agent runs its handler in this process, a `remote` one goes through the remote
 * sender. It never throws for a task problem: every outcome is a result.
 * - unknown skill → `Failed`, naming the skill and the available skills;
 * - blank input → `Failed`;
 * - handler output → `Completed`; handler error → `Failed` with its message;
 * - signal aborted first → `Cancelled`, or `Failed` when the abort reason is a time-out.
 *
 * @experimental SVCEXP001
 */
export class A2ATaskRouter {
  readonly #repository: AgentRepository;
  readonly #remoteSender: A2ARemoteSender | undefined;
  readonly #now: () => number;
  readonly #guardian: Guardian | undefined;
  readonly #instanceId: string;

  constructor(options: A2ATaskRouterOptions) {
    this.#repository = options.repository;
    this.#remoteSender = options.remoteSender;
    this.#now = options.now ?? Date.now;
    this.#guardian = options.guardian;
    this.#instanceId = options.instanceId ?? routerInstanceId;
  }

  async routeTask(
    request: NormalizedA2ATaskRequest,
    signal: AbortSignal,
    task: A2ATaskContext = {},
  ): Promise<A2ATaskResult> {
    const taskId = request.id;
    try {
      const registration = await this.#repository.getById(request.skillId);
      if (registration === undefined) {
        const available = (await this.#repository.getAvailableAgents()).map((agent) => `'${agent.id}'`);
        return this.#result(
          taskId,
          'Failed',
          undefined,
          `No agent serves skill '${request.skillId}'. Available skills: ${available.length === 0 ? 'none (register an agent with AgentDirectory.register)' : available.join(', ')}; see GET /.well-known/agent.json.`,
        );
      }
      if (request.input.trim().length === 0) {
        return this.#result(
          taskId,
          'Failed',
          undefined,
          'The task input is empty: send the text to work on in "input".',
        );
      }
      if (signal.aborted) return this.#aborted(taskId, signal);
      // A task that came here through other routers: not in a circle, not too deep.
      const chain = delegationChainOf(request.metadata);
      const blocked = this.#guardian?.checkDelegation({
        tool: `a2a:${request.skillId}`,
        to: this.#instanceId,
        chain,
        caller: { kind: 'a2a' },
      });
      if (blocked !== undefined) return this.#result(taskId, 'Failed', undefined, blocked);
      if (registration.kind === 'remote') {
        if (this.#remoteSender === undefined) {
          return this.#result(
            taskId,
            'Failed',
            undefined,
            `Skill '${request.skillId}' is served by the remote agent at ${registration.url}, but no A2A remote sender is registered: register the A2A client (A2ARemoteSenderService).`,
          );
        }
        const handedOn = { ...request, metadata: withDelegationChain(request.metadata, [...chain, this.#instanceId]) };
        const sent = await raceAbort(this.#remoteSender(registration, handedOn, signal, task), signal);
        return sent.aborted ? this.#aborted(taskId, signal) : { ...sent.value, taskId };
      }
      const ran = await raceAbort(registration.handler(request, signal, task), signal);
      if (ran.aborted) return this.#aborted(taskId, signal);
      if (typeof ran.value !== 'string') {
        return this.#result(
          taskId,
          'Failed',
          undefined,
          `The handler of skill '${request.skillId}' did not produce a string output.`,
        );
      }
      return this.#result(taskId, 'Completed', ran.value);
    } catch (error) {
      if (signal.aborted) return this.#aborted(taskId, signal);
      const message = error instanceof Error ? error.message : String(error);
      return this.#result(
        taskId,
        'Failed',
        undefined,
        message.length > 0 ? message : 'The agent failed without a message.',
      );
    }
  }

  #aborted(taskId: string, signal: AbortSignal): A2ATaskResult {
    const reason: unknown = signal.reason;
    if (reason instanceof Error && reason.name === 'TimeoutError') {
      return this.#result(taskId, 'Failed', undefined, `The task timed out: ${reason.message}`);
    }
    return this.#result(taskId, 'Cancelled', undefined, 'The task was cancelled before the agent finished.');
  }

  #result(taskId: string, status: A2ATaskResult['status'], output?: string, error?: string): A2ATaskResult {
    const result: { -readonly [K in keyof A2ATaskResult]: A2ATaskResult[K] } = {
      taskId,
      status,
      timestamp: isoTimestamp(this.#now()),
    };
    if (output !== undefined) result.output = output;
    if (error !== undefined) result.error = error;
    return result;
  }
}

/** @experimental SVCEXP001 */
export const A2ATaskRouterService = serviceToken<A2ATaskRouter>('A2ATaskRouter');

type Raced<T> = { readonly aborted: false; readonly value: T } | { readonly aborted: true };

/** Resolves with the work, or as soon as the signal aborts (the work keeps running, its outcome ignored). */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<Raced<T>> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.resolve({ aborted: true });
  }
  return new Promise<Raced<T>>((resolve, reject) => {
    const onAbort = (): void => resolve({ aborted: true });
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ aborted: false, value });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
