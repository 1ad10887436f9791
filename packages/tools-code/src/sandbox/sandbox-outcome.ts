/** A console method the sandbox offers. */
export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

/** One call of `console.*` inside the sandbox, its arguments written as text. */
export interface ConsoleLine {
  readonly level: ConsoleLevel;
  readonly text: string;
}

/** What the code wrote to the console, cut to the output limit. */
export interface ConsoleCapture {
  readonly lines: readonly ConsoleLine[];
  /** Characters the code wrote in all (line breaks between lines counted). */
  readonly totalCharacters: number;
  /** Characters kept in `lines`. */
  readonly keptCharacters: number;
  /** Lines not kept at all, because the limit was reached before them. */
  readonly droppedLines: number;
}

/** How the code was run: a script (last expression), an async function body (`return`, `await`), or a module (`export`). */
export type SandboxMode = 'script' | 'function' | 'module';

/** The value the code produced, as it left the sandbox: JSON text, or a note saying why none could. */
export type SandboxValue =
  | { readonly type: 'json'; readonly json: string; readonly totalCharacters: number }
  | { readonly type: 'undefined' }
  | { readonly type: 'module-without-exports' }
  | { readonly type: 'function' | 'symbol' | 'bigint'; readonly preview: string };

/** An error thrown inside the sandbox, as text. `line` and `column` are those of the code the caller gave. */
export interface SandboxError {
  readonly name: string;
  readonly message: string;
  /** QuickJS frames, `    at f (main.js:3:5)` lines; empty when none. */
  readonly stack: string;
  readonly line?: number;
  readonly column?: number;
}

/** A limit that ended a run. */
export type SandboxLimit = 'time' | 'memory' | 'stack';

/**
 * How one run ended. Every status but `crashed` carries what the console captured
 * before the end and the size of the sandbox memory afterwards.
 */
export type SandboxOutcome =
  | (SandboxRunFacts & { readonly status: 'completed'; readonly value: SandboxValue })
  | (SandboxRunFacts & {
      readonly status: 'threw';
      /** `parse`: the code does not parse; `run`: it threw; `result`: its result could not be written as JSON. */
      readonly phase: 'parse' | 'run' | 'result';
      readonly error: SandboxError;
    })
  | (SandboxRunFacts & { readonly status: 'limit'; readonly limit: SandboxLimit; readonly error?: SandboxError })
  | (SandboxRunFacts & { readonly status: 'cancelled' })
  | (SandboxRunFacts & { readonly status: 'unsettled' })
  | { readonly status: 'crashed'; readonly reason: string; readonly durationMilliseconds: number };

/** What every finished run reports besides its status. */
export interface SandboxRunFacts {
  readonly mode: SandboxMode;
  readonly console: ConsoleCapture;
  readonly durationMilliseconds: number;
  /** Bytes of the WebAssembly memory the run used (it never shrinks; a fresh engine starts at 16 MiB). */
  readonly sandboxMemoryBytes: number;
}
