import { z } from 'zod';
import { codeSettings } from '../code-interpreter/code-settings.js';
import { CodeSandboxError } from '../errors/code-sandbox-error.js';
import type { SandboxOutcome } from './sandbox-outcome.js';
import { sandboxPrelude } from './sandbox-prelude.js';
import { SandboxThread, type SandboxThreadLimits } from './sandbox-thread.js';

/** The limits of a `CodeSandbox`; absent ones take the `Svc:Tools:Code` defaults. */
export interface CodeSandboxOptions {
  /** Time one run may take (default 5,000 ms). */
  readonly timeoutMilliseconds?: number;
  /** Memory the code may allocate (default 64 MiB); the WebAssembly memory is capped at this plus 16 MiB. */
  readonly memoryLimitBytes?: number;
  /** Stack the code may use (default 256 KiB, at most 1 MiB). */
  readonly maxStackBytes?: number;
  /** Characters kept of the console output and of the result, each (default 20,000). */
  readonly maxOutputCharacters?: number;
  /** Runs at the same time, one worker thread each (default 2). */
  readonly maxConcurrentRuns?: number;
  /** An idle worker thread is ended after this long (default 30,000 ms). */
  readonly idleMilliseconds?: number;
}

/** One run: JavaScript (strip TypeScript first), an optional `input`, and a signal that stops it. */
export interface CodeSandboxRun {
  readonly code: string;
  /** The file name errors show. Default `main.js`. */
  readonly filename?: string;
  /** The `input` global: any JSON value; `undefined` leaves `input` undefined. */
  readonly input?: unknown;
  readonly signal?: AbortSignal;
}

const optionKeys = {
  timeoutMilliseconds: 'TimeoutMilliseconds',
  memoryLimitBytes: 'MemoryLimitBytes',
  maxStackBytes: 'MaxStackBytes',
  maxOutputCharacters: 'MaxOutputCharacters',
  maxConcurrentRuns: 'MaxConcurrentRuns',
} as const;
const filenamePattern = /^[A-Za-z0-9_-]{1,64}\.(?:js|ts|mjs)$/;
const idleSchema = z.number().int().min(0).max(3_600_000).default(30_000);

/**
 * Runs JavaScript in QuickJS compiled to WebAssembly, on worker threads, with no host
 * access: the code sees the language, `console`, `input` and nothing else. Each run gets
 * a fresh QuickJS runtime and context, disposed at its end; time, memory, stack and
 * output limits hold, and the host's event loop never waits on the code. Runs beyond
 * `maxConcurrentRuns` wait their turn. Idle threads end by themselves and never keep
 * the process alive; `close()` ends them at once.
 */
export class CodeSandbox implements AsyncDisposable {
  readonly #limits: SandboxThreadLimits;
  readonly #maxThreads: number;
  readonly #idleMilliseconds: number;
  readonly #idle: { thread: SandboxThread; timer: NodeJS.Timeout }[] = [];
  readonly #waiting: ((thread: SandboxThread | undefined) => void)[] = [];
  readonly #threads = new Set<SandboxThread>();
  #closed = false;

  constructor(options: CodeSandboxOptions = {}) {
    const given = Object.fromEntries(
      Object.entries(optionKeys).map(([option, key]) => [key, options[option as keyof typeof optionKeys]]),
    );
    const parsed = codeSettings.schema.safeParse(given);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = String(issue?.path[0] ?? '');
      const option = Object.entries(optionKeys).find(([, name]) => name === key)?.[0] ?? key;
      throw new CodeSandboxError(
        'CODE_SANDBOX_OPTION_INVALID',
        `CodeSandbox option '${option}' is not allowed: ${issue?.message ?? 'invalid value'}.`,
      );
    }
    const idle = idleSchema.safeParse(options.idleMilliseconds);
    if (!idle.success)
      throw new CodeSandboxError(
        'CODE_SANDBOX_OPTION_INVALID',
        `CodeSandbox option 'idleMilliseconds' is not allowed: ${idle.error.issues[0]?.message ?? 'invalid value'}.`,
      );
    const settings = parsed.data;
    this.#limits = {
      timeoutMilliseconds: settings.TimeoutMilliseconds,
      memoryLimitBytes: settings.MemoryLimitBytes,
      maxStackBytes: settings.MaxStackBytes,
      maxOutputCharacters: settings.MaxOutputCharacters,
    };
    this.#maxThreads = settings.MaxConcurrentRuns;
    this.#idleMilliseconds = idle.data;
  }

  /** The limits every run gets. */
  get limits(): Readonly<SandboxThreadLimits> {
    return this.#limits;
  }

  /**
   * Runs `code` and says how it ended; never throws for anything the code does.
   * Throws `CodeSandboxError` after `close()` and for a bad `filename` or an `input`
   * that is not JSON.
   */
  async run(run: CodeSandboxRun): Promise<SandboxOutcome> {
    if (this.#closed) throw closedError();
    const filename = run.filename ?? 'main.js';
    if (!filenamePattern.test(filename))
      throw new CodeSandboxError(
        'CODE_SANDBOX_OPTION_INVALID',
        `Run filename '${filename.slice(0, 80)}' is not allowed: use letters, digits, '_' or '-' and .js, .mjs or .ts, e.g. 'main.js'.`,
      );
    const inputJson = run.input === undefined ? undefined : jsonOf(run.input);
    const started = performance.now();
    const thread = await this.#acquire(run.signal);
    if (thread === undefined) return cancelledBeforeStart(performance.now() - started);
    try {
      return await thread.run(
        inputJson === undefined ? { code: run.code, filename } : { code: run.code, filename, inputJson },
        run.signal,
      );
    } finally {
      this.#release(thread);
    }
  }

  /** Ends every worker thread; runs in progress end as crashed. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const waiter of this.#waiting.splice(0)) waiter(undefined);
    for (const { timer } of this.#idle.splice(0)) clearTimeout(timer);
    await Promise.all([...this.#threads].map((thread) => thread.terminate()));
    this.#threads.clear();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #acquire(signal: AbortSignal | undefined): Promise<SandboxThread | undefined> {
    const idle = this.#idle.pop();
    if (idle !== undefined) {
      clearTimeout(idle.timer);
      return idle.thread;
    }
    if (this.#threads.size < this.#maxThreads) return this.#spawn();
    if (signal?.aborted === true) return undefined;
    return new Promise((resolve) => {
      const onAbort = () => {
        const index = this.#waiting.indexOf(waiter);
        if (index >= 0) this.#waiting.splice(index, 1);
        resolve(undefined);
      };
      const waiter = (thread: SandboxThread | undefined) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(thread);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  #spawn(): SandboxThread {
    const thread = new SandboxThread(this.#limits, sandboxPrelude);
    this.#threads.add(thread);
    return thread;
  }

  #release(thread: SandboxThread): void {
    if (!thread.alive) this.#threads.delete(thread);
    if (this.#closed) {
      void thread.terminate();
      return;
    }
    const waiter = this.#waiting.shift();
    if (waiter !== undefined) {
      waiter(thread.alive ? thread : this.#spawn());
      return;
    }
    if (!thread.alive) return;
    const timer = setTimeout(() => {
      const index = this.#idle.findIndex((entry) => entry.thread === thread);
      if (index >= 0) this.#idle.splice(index, 1);
      this.#threads.delete(thread);
      void thread.terminate();
    }, this.#idleMilliseconds);
    timer.unref();
    this.#idle.push({ thread, timer });
  }
}

function jsonOf(input: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(input);
  } catch (error) {
    throw new CodeSandboxError(
      'CODE_SANDBOX_OPTION_INVALID',
      `Run input cannot be written as JSON (${error instanceof Error ? error.message : String(error)}): give plain JSON data.`,
    );
  }
  if (json === undefined)
    throw new CodeSandboxError(
      'CODE_SANDBOX_OPTION_INVALID',
      `Run input of type ${typeof input} has no JSON form: give plain JSON data.`,
    );
  return json;
}

function closedError(): CodeSandboxError {
  return new CodeSandboxError(
    'CODE_SANDBOX_CLOSED',
    'This CodeSandbox was closed: create a new one, or close it only when no more runs come.',
  );
}

function cancelledBeforeStart(durationMilliseconds: number): SandboxOutcome {
  return {
    status: 'cancelled',
    mode: 'script',
    console: { lines: [], totalCharacters: 0, keptCharacters: 0, droppedLines: 0 },
    durationMilliseconds,
    sandboxMemoryBytes: 0,
  };
}
