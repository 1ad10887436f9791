// The worker thread that runs code in QuickJS. Node runs this file as it is (types are only
// erased), so it imports nothing of this package but types. One engine (a QuickJS WebAssembly
// instance with its own capped memory) serves runs one at a time; each run gets a fresh
// runtime and context, disposed at its end. The engine is replaced when a run leaves it
// grown or in doubt. What the run produced is sent back raw; the host interprets it.
import { parentPort, workerData } from 'node:worker_threads';
import {
  type CustomizeVariantOptions,
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
  RELEASE_SYNC,
} from 'quickjs-emscripten';
import type { SandboxMode } from './sandbox-outcome.js';
import type {
  RawConsole,
  RawEnding,
  RawRun,
  RawThrown,
  SandboxRequest,
  SandboxWorkerData,
  SandboxWorkerMessage,
} from './sandbox-protocol.js';

// What the engine prints (an abort's message) is not the host's to show, and the run's own
// console output is captured in the engine: nothing leaves through this thread's streams.
process.stdout.write = () => true;
process.stderr.write = () => true;

const settings = workerData as SandboxWorkerData;
const interruptFlag = new Int32Array(settings.interruptFlag);
const pageBytes = 65_536;
/** The memory the engine's build starts with (its data, stack and first heap). */
const engineBytes = 16 * 1024 * 1024;
/** An engine whose memory grew past this is dropped after the run, so the memory is given back. */
const reusableEngineBytes = 2 * engineBytes;
const preludeFilename = 'orkeon-prelude.js';
/** Equal to `functionPrefix` of read-raw-run.ts, which moves line 1 columns back by its length. */
const functionPrefix = '(async function () {';

/** The part of `WebAssembly.Memory` used here (the project's `lib` leaves WebAssembly out). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}

const { Memory } = (
  globalThis as unknown as {
    WebAssembly: { Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory };
  }
).WebAssembly;

interface Engine {
  readonly module: QuickJSWASMModule;
  readonly memory: WasmMemory;
}

let engine: Engine | undefined;

async function newEngine(): Promise<Engine> {
  // This cap is the memory limit that holds: QuickJS's own malloc limit cannot see block sizes in this build.
  const memory = new Memory({
    initial: engineBytes / pageBytes,
    maximum: Math.ceil((settings.memoryLimitBytes + engineBytes) / pageBytes),
  });
  const wasmMemory = memory as unknown as NonNullable<CustomizeVariantOptions['wasmMemory']>;
  const module = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmMemory }));
  return { module, memory };
}

/** Anything a run must dispose: handles and call results. */
interface Owned {
  readonly alive: boolean;
  dispose(): void;
}

interface RunState {
  readonly request: SandboxRequest;
  readonly runtime: QuickJSRuntime;
  readonly context: QuickJSContext;
  readonly owned: Owned[];
  report?: QuickJSHandle;
  record?: QuickJSHandle;
  mode: SandboxMode;
  stoppedBy?: 'time' | 'cancel';
}

function run(current: Engine, request: SandboxRequest, started: number): { run: RawRun; keep: boolean } {
  const runtime = current.module.newRuntime();
  const deadline = Date.now() + settings.timeoutMilliseconds;
  const state: RunState = { request, runtime, context: runtime.newContext(), owned: [], mode: 'script' };
  runtime.setMemoryLimit(settings.memoryLimitBytes);
  runtime.setMaxStackSize(settings.maxStackBytes);
  runtime.setInterruptHandler(() => {
    if (state.stoppedBy === undefined && Atomics.load(interruptFlag, 0) !== 0) state.stoppedBy = 'cancel';
    if (state.stoppedBy === undefined && Date.now() >= deadline) state.stoppedBy = 'time';
    return state.stoppedBy !== undefined;
  });
  const facts = (ending: RawEnding, console: RawConsole | undefined): RawRun => ({
    kind: 'ran',
    mode: state.mode,
    ...(state.stoppedBy === undefined ? {} : { stoppedBy: state.stoppedBy }),
    ending,
    ...(console === undefined ? {} : { console }),
    durationMilliseconds: performance.now() - started,
    sandboxMemoryBytes: current.memory.buffer.byteLength,
  });
  let ending: RawEnding;
  try {
    ending = evaluate(state);
  } catch (error) {
    // A host-side error mid-run (the native stack ran out, the engine trapped) leaves QuickJS in doubt: drop it undisposed.
    if (error instanceof RangeError && /call stack/i.test(error.message))
      return { run: facts({ type: 'native-stack' }, undefined), keep: false };
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { run: { kind: 'crashed', reason, durationMilliseconds: performance.now() - started }, keep: false };
  }
  const result = facts(ending, readConsole(state));
  const disposed = disposeRun(state);
  return { run: result, keep: disposed && current.memory.buffer.byteLength <= reusableEngineBytes };
}

function evaluate(state: RunState): RawEnding {
  const { context, runtime, request } = state;
  if (Atomics.load(interruptFlag, 0) !== 0) {
    state.stoppedBy = 'cancel';
    return { type: 'stopped' };
  }
  const setup = own(state, context.evalCode(settings.prelude, preludeFilename));
  if (setup.error !== undefined) return thrown(state, setup.error, 'run');
  const input = own(state, context.newString(request.inputJson ?? ''));
  const hasInput = request.inputJson === undefined ? context.false : context.true;
  const maxCharacters = own(state, context.newNumber(settings.maxOutputCharacters));
  const installed = own(state, context.callFunction(setup.value, context.undefined, input, hasInput, maxCharacters));
  if (installed.error !== undefined) return thrown(state, installed.error, 'run');
  const report = own(state, context.getProp(installed.value, 'report'));
  state.report = report;
  state.record = own(state, context.getProp(installed.value, 'record'));

  const source = chooseSource(state);
  if (typeof source !== 'string') return source;
  const evaluated = own(
    state,
    context.evalCode(source, request.filename, { type: state.mode === 'module' ? 'module' : 'global' }),
  );
  if (evaluated.error !== undefined) return thrown(state, evaluated.error, 'run');
  // Promise jobs run now, inside the limits; nothing is left to run once the call returns.
  while (runtime.hasPendingJob()) {
    const jobs = runtime.executePendingJobs(-1);
    if (jobs.error !== undefined) return thrown(state, own(state, jobs.error), 'run');
  }
  const settled = context.getPromiseState(evaluated.value);
  if (settled.type === 'pending') return state.stoppedBy === undefined ? { type: 'pending' } : { type: 'stopped' };
  if (settled.type === 'rejected') return thrown(state, own(state, settled.error), 'run');
  const value = settled.notAPromise === true ? evaluated.value : own(state, settled.value);
  const what = own(state, context.newNumber(0));
  const isModule = state.mode === 'module' ? context.true : context.false;
  const written = own(state, context.callFunction(report, context.undefined, what, value, isModule));
  if (written.error !== undefined) return thrown(state, written.error, 'result');
  return { type: 'value', value: context.getString(written.value) };
}

/** The code as it runs: a script if it parses as one, else the body of an async function, else a module. */
function chooseSource(state: RunState): string | RawEnding {
  const { context, request } = state;
  const asScript = own(state, context.evalCode(request.code, request.filename, { type: 'global', compileOnly: true }));
  if (asScript.error === undefined) return request.code;
  const wrapped = `${functionPrefix}${request.code}\n})()`;
  const asFunction = own(state, context.evalCode(wrapped, request.filename, { type: 'global', compileOnly: true }));
  if (asFunction.error === undefined) {
    state.mode = 'function';
    return wrapped;
  }
  if (/\b(?:import|export)\b/.test(request.code)) {
    state.mode = 'module';
    return request.code;
  }
  return thrown(state, asScript.error, 'parse');
}

/** The ending for a thrown value, described by the prelude (inside the sandbox) when it still can be. */
function thrown(state: RunState, value: QuickJSHandle, phase: 'parse' | 'run' | 'result'): RawEnding {
  if (state.stoppedBy !== undefined) return { type: 'stopped' };
  return { type: 'thrown', phase, thrown: describe(state, value) };
}

function describe(state: RunState, value: QuickJSHandle): RawThrown {
  const { context, report } = state;
  if (report !== undefined) {
    const what = own(state, context.newNumber(1));
    const described = own(state, context.callFunction(report, context.undefined, what, value));
    if (described.error === undefined) {
      const parsed = parseThrown(context.getString(described.value));
      if (parsed !== undefined) return parsed;
    }
  }
  // Before the prelude ran, or when describing failed (memory spent): read what can be read.
  try {
    const dumped = context.dump(value) as { name?: unknown; message?: unknown; stack?: unknown } | null;
    const field = (item: unknown) => (typeof item === 'string' ? item : '');
    return {
      name: field(dumped?.name) || 'InternalError',
      message: field(dumped?.message),
      stack: field(dumped?.stack),
    };
  } catch {
    return { name: 'InternalError', message: '', stack: '' };
  }
}

function parseThrown(text: string): RawThrown | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((item) => typeof item === 'string')) return;
    const [name, message, stack] = parsed as [string, string, string];
    return { name, message, stack };
  } catch {
    return undefined;
  }
}

/** The prelude's console record, read as plain data properties: no sandbox code runs, so this works after any limit. */
function readConsole(state: RunState): RawConsole | undefined {
  const { context, record } = state;
  if (record === undefined) return undefined;
  const read = (key: string): string | number | undefined => {
    const handle = context.getProp(record, key);
    try {
      const type = context.typeof(handle);
      return type === 'string' ? context.getString(handle) : type === 'number' ? context.getNumber(handle) : undefined;
    } finally {
      handle.dispose();
    }
  };
  try {
    const [text, keptCharacters, totalCharacters, droppedLines] = ['text', 'kept', 'total', 'dropped'].map(read);
    if (typeof text !== 'string') return undefined;
    if (typeof keptCharacters !== 'number' || typeof totalCharacters !== 'number' || typeof droppedLines !== 'number')
      return undefined;
    return { text, keptCharacters, totalCharacters, droppedLines };
  } catch {
    return undefined;
  }
}

function own<T extends Owned>(state: RunState, value: T): T {
  state.owned.push(value);
  return value;
}

/** Disposes the run's handles, context and runtime; false when QuickJS refused (the engine is then dropped). */
function disposeRun(state: RunState): boolean {
  try {
    for (const item of state.owned.reverse()) if (item.alive) item.dispose();
    state.context.dispose();
    state.runtime.dispose();
    return true;
  } catch {
    return false;
  }
}

async function handle(request: SandboxRequest): Promise<SandboxWorkerMessage> {
  const started = performance.now();
  try {
    engine ??= await newEngine();
    post({ kind: 'started', id: request.id });
    const { run: finished, keep } = run(engine, request, started);
    if (!keep) engine = undefined;
    return { kind: 'finished', id: request.id, run: finished };
  } catch (error) {
    engine = undefined;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { kind: 'finished', id: request.id, run: { kind: 'crashed', reason, durationMilliseconds: 0 } };
  }
}

function post(message: SandboxWorkerMessage): void {
  parentPort?.postMessage(message);
}

parentPort?.on('message', (request: SandboxRequest) => {
  void handle(request).then(post);
});
