import type { SandboxMode } from './sandbox-outcome.js';

// The messages between `CodeSandbox` and its worker threads. The worker imports these
// as types only, so it stays one file Node can run without a build; it sends what it
// read from QuickJS as it is, and `readRawRun` (on the host side) makes sense of it.

/** Fixed for a worker's life: the limits, the prelude and the flag that interrupts a run. */
export interface SandboxWorkerData {
  readonly prelude: string;
  /** One Int32: non-zero asks the running code to stop (read by the interrupt handler). */
  readonly interruptFlag: SharedArrayBuffer;
  readonly timeoutMilliseconds: number;
  readonly memoryLimitBytes: number;
  readonly maxStackBytes: number;
  readonly maxOutputCharacters: number;
}

/** One run: JavaScript only (TypeScript is stripped before it gets here). */
export interface SandboxRequest {
  readonly id: number;
  readonly code: string;
  /** The name errors show, e.g. `main.js` or `main.ts`. */
  readonly filename: string;
  /** The `input` global as JSON text; absent leaves `input` undefined. */
  readonly inputJson?: string;
}

/** A thrown value as the prelude wrote it: `name` is empty for a value that is not an Error. */
export interface RawThrown {
  readonly name: string;
  readonly message: string;
  /** QuickJS's stack text, unfiltered. */
  readonly stack: string;
}

/** The console record the prelude kept: lines encoded `level:length:text`, and the counts. */
export interface RawConsole {
  readonly text: string;
  readonly keptCharacters: number;
  readonly totalCharacters: number;
  readonly droppedLines: number;
}

/** How the code's evaluation ended, before any interpretation. */
export type RawEnding =
  /** The result as the prelude wrote it: `type:length:text`. */
  | { readonly type: 'value'; readonly value: string }
  | { readonly type: 'thrown'; readonly phase: 'parse' | 'run' | 'result'; readonly thrown: RawThrown }
  /** The interrupt handler stopped the code, or the call was cancelled before it started. */
  | { readonly type: 'stopped' }
  | { readonly type: 'pending' }
  /** The host's native stack ran out inside the engine (the engine was dropped). */
  | { readonly type: 'native-stack' };

/** Everything the worker reports about one run. */
export type RawRun =
  | {
      readonly kind: 'ran';
      readonly mode: SandboxMode;
      /** Set when the interrupt handler fired: at the deadline, or because the flag was raised. */
      readonly stoppedBy?: 'time' | 'cancel';
      readonly ending: RawEnding;
      readonly console?: RawConsole;
      readonly durationMilliseconds: number;
      readonly sandboxMemoryBytes: number;
    }
  | { readonly kind: 'crashed'; readonly reason: string; readonly durationMilliseconds: number };

export type SandboxWorkerMessage =
  | { readonly kind: 'started'; readonly id: number }
  | { readonly kind: 'finished'; readonly id: number; readonly run: RawRun };
