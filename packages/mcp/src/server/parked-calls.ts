import { randomUUID } from 'node:crypto';
import type { AskClient } from './client-caller-requests.js';
import { JsonRpcFailure, jsonRpcCodes } from './json-rpc.js';

/** How a modern tool call ends one round: its result, or the input it waits for. */
export type RoundOutcome<Result> =
  | { readonly kind: 'complete'; readonly result: Result }
  | {
      readonly kind: 'input_required';
      readonly inputRequests: Record<string, { method: string; params: Record<string, unknown> }>;
      readonly requestState: string;
    };

interface Asked {
  readonly method: string;
  readonly params: Record<string, unknown>;
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
}

interface ParkedCall<Result> {
  readonly id: string;
  readonly controller: AbortController;
  readonly asked: Map<string, Asked>;
  readonly finished: Promise<{ result: Result } | { error: unknown }>;
  /** Wakes the round waiting for the call when it asks something. */
  wake: (() => void) | undefined;
  nextKey: number;
  /** True while a request serves the call's round; a second retry of the same state is refused. */
  attached: boolean;
  expiry: NodeJS.Timeout | undefined;
}

/**
 * Tool calls of the 2026-07-28 era that wait for their client's input (multi-round-trip
 * requests). The call keeps running here while the client asks its person or its model:
 * the round answers `input_required` with the questions and an opaque `requestState`, and
 * the client's retry with `inputResponses` hands the answers to the waiting call. A call
 * whose client does not come back within `expiryMilliseconds` is stopped.
 */
export class ParkedCalls<Result> {
  readonly #calls = new Map<string, ParkedCall<Result>>();
  readonly #expiryMilliseconds: number;
  readonly #limit: number;

  constructor(options: { expiryMilliseconds?: number; limit?: number } = {}) {
    this.#expiryMilliseconds = options.expiryMilliseconds ?? 10 * 60_000;
    this.#limit = options.limit ?? 1000;
  }

  /** Runs `work` with an `ask` that parks the call; `signal` is the request's (closing it stops the call). */
  start(
    work: (ask: AskClient, signal: AbortSignal) => Promise<Result>,
    signal: AbortSignal,
  ): Promise<RoundOutcome<Result>> {
    if (this.#calls.size >= this.#limit)
      throw new JsonRpcFailure(
        jsonRpcCodes.internalError,
        `Server busy: ${this.#limit} calls already wait for their clients' input; try again later.`,
      );
    const controller = new AbortController();
    const call: ParkedCall<Result> = {
      id: randomUUID(),
      controller,
      asked: new Map(),
      finished: undefined as never,
      wake: undefined,
      nextKey: 1,
      attached: true,
      expiry: undefined,
    };
    const ask: AskClient = (method, params) =>
      new Promise((resolve, reject) => {
        if (controller.signal.aborted) return reject(new Error('the call was stopped'));
        call.asked.set(String(call.nextKey++), { method, params, resolve, reject });
        call.wake?.();
      });
    (call as { finished: ParkedCall<Result>['finished'] }).finished = work(ask, controller.signal).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    return this.#round(call, signal);
  }

  /** A retry: answers the questions `inputResponses` covers, then waits for the call's next round. */
  resume(requestState: string, inputResponses: unknown, signal: AbortSignal): Promise<RoundOutcome<Result>> {
    const call = this.#calls.get(requestState);
    if (call === undefined)
      throw new JsonRpcFailure(
        jsonRpcCodes.invalidParams,
        `Invalid params: requestState is unknown to this server (the call expired after ${Math.round(this.#expiryMilliseconds / 60_000)} min without an answer, or the server restarted). Send the call again without requestState.`,
      );
    if (call.attached)
      throw new JsonRpcFailure(
        jsonRpcCodes.invalidRequest,
        'Invalid request: this requestState is already being answered by another request.',
      );
    const responses = isRecord(inputResponses) ? inputResponses : {};
    for (const [key, asked] of [...call.asked]) {
      const answer = responses[key];
      if (!isRecord(answer)) continue;
      call.asked.delete(key);
      asked.resolve(answer);
    }
    call.attached = true;
    clearTimeout(call.expiry);
    return this.#round(call, signal);
  }

  /** Stops every waiting call (the server closes). */
  close(): void {
    for (const call of this.#calls.values()) this.#stop(call, 'the MCP server stopped serving');
  }

  async #round(call: ParkedCall<Result>, signal: AbortSignal): Promise<RoundOutcome<Result>> {
    const stop = () => this.#stop(call, 'the client closed the request');
    signal.addEventListener('abort', stop, { once: true });
    try {
      const asked = new Promise<'asked'>((resolve) => {
        call.wake = () => setImmediate(() => resolve('asked'));
        if (call.asked.size > 0) call.wake();
      });
      const outcome = await Promise.race([call.finished, asked]);
      call.wake = undefined;
      if (outcome !== 'asked') {
        this.#forget(call);
        if ('error' in outcome) throw outcome.error;
        return { kind: 'complete', result: outcome.result };
      }
      this.#park(call);
      const inputRequests: Record<string, { method: string; params: Record<string, unknown> }> = {};
      for (const [key, asked] of call.asked) inputRequests[key] = { method: asked.method, params: asked.params };
      return { kind: 'input_required', inputRequests, requestState: call.id };
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  #park(call: ParkedCall<Result>): void {
    call.attached = false;
    this.#calls.set(call.id, call);
    call.expiry = setTimeout(
      () => this.#stop(call, 'the client did not send the input in time'),
      this.#expiryMilliseconds,
    );
    call.expiry.unref();
  }

  #stop(call: ParkedCall<Result>, reason: string): void {
    this.#forget(call);
    for (const asked of call.asked.values()) asked.reject(new Error(reason));
    call.asked.clear();
    call.controller.abort(new Error(reason));
  }

  #forget(call: ParkedCall<Result>): void {
    clearTimeout(call.expiry);
    this.#calls.delete(call.id);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
