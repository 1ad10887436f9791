import { Worker } from 'node:worker_threads';
import { readRawRun } from './read-raw-run.js';
import type { SandboxOutcome } from './sandbox-outcome.js';
import type { SandboxRequest, SandboxWorkerData, SandboxWorkerMessage } from './sandbox-protocol.js';

// From the sources (tests, `tsx`) the worker is the .ts file, which Node runs with its types erased.
const workerUrl = new URL(
  import.meta.url.endsWith('.ts') ? './sandbox-worker.ts' : './sandbox-worker.js',
  import.meta.url,
);

/** Time a worker may take to load the engine before a run is given up. */
const startMilliseconds = 30_000;
/** Time the interrupt handler gets, past the deadline or the abort, before the thread is terminated. */
const graceMilliseconds = 1_000;
/** Native stack per byte of QuickJS stack: QuickJS's parser needs about 32; the rest is margin. */
const nativeStackFactor = 48;
const mebibyte = 1024 * 1024;

export type SandboxThreadLimits = Omit<SandboxWorkerData, 'interruptFlag' | 'prelude'>;

interface PendingRun {
  readonly id: number;
  readonly request: Omit<SandboxRequest, 'id'>;
  readonly started: number;
  readonly finish: (outcome: SandboxOutcome) => void;
  timer?: NodeJS.Timeout;
  aborted: boolean;
}

/**
 * One worker thread running QuickJS, one run at a time. The worker's interrupt handler
 * stops the code at the deadline or when the shared flag is raised; if the worker does
 * not answer within a grace period after that, the thread is terminated, which ends any
 * run whatever it is doing. A thread that crashed or was terminated is not used again.
 */
export class SandboxThread {
  readonly #worker: Worker;
  readonly #flag: Int32Array;
  readonly #limits: SandboxThreadLimits;
  #pending: PendingRun | undefined;
  #nextId = 1;
  #alive = true;

  constructor(limits: SandboxThreadLimits, prelude: string) {
    this.#limits = limits;
    const interruptFlag = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    this.#flag = new Int32Array(interruptFlag);
    const workerData: SandboxWorkerData = { ...limits, prelude, interruptFlag };
    this.#worker = new Worker(workerUrl, {
      workerData,
      // The worker needs no environment and none of the host's Node flags (no --import hooks next to
      // untrusted code); its own messages (engine aborts) are not the host's to print.
      env: {},
      execArgv: [],
      stdout: true,
      stderr: true,
      resourceLimits: {
        stackSizeMb: Math.max(8, Math.ceil((limits.maxStackBytes * nativeStackFactor) / mebibyte)),
        maxOldGenerationSizeMb: 256,
      },
    });
    // Never read: a worker whose output streams are read keeps the host's process alive even when
    // unreferenced, and the worker writes nothing to them (it silences its own stdout and stderr).
    this.#worker.on('message', (message: SandboxWorkerMessage) => this.#onMessage(message));
    this.#worker.on('error', (error) => this.#onExit(`the worker failed: ${error.message}`));
    this.#worker.on('exit', (code) => this.#onExit(`the worker exited with code ${code}`));
    this.#worker.unref();
  }

  /** False once the worker crashed or was terminated. */
  get alive(): boolean {
    return this.#alive;
  }

  run(request: Omit<SandboxRequest, 'id'>, signal?: AbortSignal): Promise<SandboxOutcome> {
    if (!this.#alive) return Promise.resolve(crashed('the worker is no longer running', 0));
    if (this.#pending !== undefined) return Promise.resolve(crashed('the worker is busy with another run', 0));
    const id = this.#nextId++;
    return new Promise<SandboxOutcome>((resolve) => {
      const onAbort = () => this.#abort();
      const pending: PendingRun = {
        id,
        request,
        started: performance.now(),
        aborted: false,
        finish: (outcome) => {
          clearTimeout(pending.timer);
          signal?.removeEventListener('abort', onAbort);
          this.#pending = undefined;
          if (this.#alive) this.#worker.unref();
          resolve(outcome);
        },
      };
      this.#pending = pending;
      Atomics.store(this.#flag, 0, 0);
      this.#worker.ref();
      pending.timer = setTimeout(() => this.#kill('engine'), startMilliseconds);
      this.#worker.postMessage({ ...request, id } satisfies SandboxRequest);
      if (signal?.aborted === true) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  async terminate(): Promise<void> {
    this.#alive = false;
    await this.#worker.terminate();
  }

  #onMessage(message: SandboxWorkerMessage): void {
    const pending = this.#pending;
    if (pending === undefined || message.id !== pending.id) return;
    if (message.kind === 'started') {
      if (pending.aborted) return;
      clearTimeout(pending.timer);
      pending.timer = setTimeout(() => this.#kill('time'), this.#limits.timeoutMilliseconds + graceMilliseconds);
      return;
    }
    const { code, filename } = pending.request;
    pending.finish(readRawRun(message.run, { code, filename, maxOutputCharacters: this.#limits.maxOutputCharacters }));
  }

  #abort(): void {
    const pending = this.#pending;
    if (pending === undefined || pending.aborted) return;
    pending.aborted = true;
    Atomics.store(this.#flag, 0, 1);
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => this.#kill('cancel'), graceMilliseconds);
  }

  /** The worker did not answer in time: terminate it, which stops the run wherever it is. */
  #kill(reason: 'engine' | 'time' | 'cancel'): void {
    const pending = this.#pending;
    this.#alive = false;
    void this.#worker.terminate();
    if (pending === undefined) return;
    const duration = performance.now() - pending.started;
    if (reason === 'engine') pending.finish(crashed('the QuickJS engine did not start in time', duration));
    else pending.finish(hardStop(reason, duration));
  }

  #onExit(reason: string): void {
    this.#alive = false;
    const pending = this.#pending;
    if (pending !== undefined) pending.finish(crashed(reason, performance.now() - pending.started));
  }
}

function crashed(reason: string, durationMilliseconds: number): SandboxOutcome {
  return { status: 'crashed', reason, durationMilliseconds };
}

/** A run ended by terminating its thread: nothing it wrote could be collected. */
function hardStop(reason: 'time' | 'cancel', durationMilliseconds: number): SandboxOutcome {
  const facts = {
    mode: 'script' as const,
    console: { lines: [], totalCharacters: 0, keptCharacters: 0, droppedLines: 0 },
    durationMilliseconds,
    sandboxMemoryBytes: 0,
  };
  return reason === 'cancel' ? { ...facts, status: 'cancelled' } : { ...facts, status: 'limit', limit: 'time' };
}
