import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallerIdentity, Logger, ToolProgress } from '@orkeon/core';
import { type McpCallOptions, type McpLogMessage, progressOf } from './call-listeners.js';

/** A tool call waiting for its answer: who hears what its server says meanwhile, and in which context. */
export interface CallInFlight {
  readonly toolName: string;
  /** Who made the call, when the caller said. */
  readonly caller?: CallerIdentity;
  /** Runs work in the caller's asynchronous context (its run, its events, its span). */
  readonly resume: <T>(work: () => T) => T;
  /** Sent as `_meta.progressToken` when someone listens to progress. */
  readonly progressToken?: number;
}

interface Listened extends CallInFlight {
  readonly onProgress?: (update: ToolProgress) => void;
  readonly onLog?: (message: McpLogMessage) => void;
  /** MCP requires progress to grow: a report that does not is dropped. */
  lastProgress: number;
}

/**
 * The tool calls of one connection that wait for their answer. A notification is
 * handed to its call's listener at once and nothing of it is kept, so a flood costs
 * time, not memory; a progress token that names no call in flight is ignored.
 */
export class CallsInFlight {
  readonly #calls = new Set<Listened>();
  readonly #byToken = new Map<number, Listened>();
  readonly #logger: Logger;
  #nextToken = 1;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  begin(toolName: string, options: McpCallOptions): CallInFlight {
    const call: Listened = {
      toolName,
      ...(options.caller === undefined ? {} : { caller: options.caller }),
      resume: AsyncLocalStorage.snapshot(),
      ...(options.onProgress === undefined ? {} : { progressToken: this.#nextToken++, onProgress: options.onProgress }),
      ...(options.onLog === undefined ? {} : { onLog: options.onLog }),
      lastProgress: Number.NEGATIVE_INFINITY,
    };
    this.#calls.add(call);
    if (call.progressToken !== undefined) this.#byToken.set(call.progressToken, call);
    return call;
  }

  end(call: CallInFlight): void {
    this.#calls.delete(call as Listened);
    if (call.progressToken !== undefined) this.#byToken.delete(call.progressToken);
  }

  /** The call begun last that still waits (a server's question during a call is put in its context). */
  latest(): CallInFlight | undefined {
    return [...this.#calls].at(-1);
  }

  /** Routes a `notifications/progress` by its token; an unknown token or a malformed report is ignored. */
  progress(params: Record<string, unknown>): void {
    const token = params.progressToken;
    const call = typeof token === 'number' ? this.#byToken.get(token) : undefined;
    const update = call === undefined ? undefined : progressOf(params);
    if (call?.onProgress === undefined || update === undefined || !(update.progress > call.lastProgress)) return;
    call.lastProgress = update.progress;
    this.#hand(call, () => call.onProgress?.(update), 'progress');
  }

  /**
   * Hands a log message to the call in flight when there is exactly one (a log message
   * names no request, so with several it could be any of them); otherwise to `elsewhere`.
   */
  log(message: McpLogMessage, elsewhere: (message: McpLogMessage) => void): void {
    const [only, ...others] = this.#calls;
    if (only?.onLog !== undefined && others.length === 0) this.#hand(only, () => only.onLog?.(message), 'log');
    else elsewhere(message);
  }

  #hand(call: Listened, work: () => void, what: string): void {
    try {
      call.resume(work);
    } catch (error) {
      this.#logger.warn({ err: error, tool: call.toolName }, `an MCP ${what} listener failed`);
    }
  }
}
