// code_interpreter against its anchor, the QuickJS build it runs (quickjs-emscripten's
// RELEASE_SYNC) used directly on the main thread, on the same snippet and input. Cold: the
// first call in a fresh process, module loading included, the two sides taking turns over
// a few rounds. Warm: one call after many, the two sides interleaved; the direct side keeps
// its WebAssembly module and makes a fresh runtime and context per call, as the tool does.
// The tool's extra is its worker thread (start, messages), the prelude (console, input,
// JSON result) and, cold, the engine loaded in the worker. `npm run bench -- code` once
// bench/run.ts lists it; alone: `node --conditions=@orkeon/source --import tsx bench/tools-code.ts`.
import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const loader = pathToFileURL(fileURLToPath(new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;
const coldRounds = 3;
const warmCalls = 200;
const snippet = 'const doubled = input.map((n) => n * 2);\ndoubled.reduce((sum, n) => sum + n, 0)';
const snippetInput = Array.from({ length: 100 }, (_, index) => index);
const expected = '9900';

type Side = 'code_interpreter' | 'quickjs';

export interface CodeInterpreterRow {
  readonly label: string;
  readonly oursMilliseconds: number;
  readonly anchorMilliseconds: number;
  /** Ours ÷ the anchor: how many times longer the tool takes. */
  readonly ratio: number;
}

export interface CodeInterpreterMeasure {
  readonly rows: readonly CodeInterpreterRow[];
}

/** A way to run the snippet once, after whatever loading it needs. */
interface Runner {
  run(): Promise<string>;
}

/** Loads the side's modules: for the tool its package (and @orkeon/core), for the anchor quickjs-emscripten. */
async function load(side: Side) {
  if (side === 'code_interpreter') {
    const [tools, core] = await Promise.all([import('@orkeon/tools-code'), import('@orkeon/core')]);
    return { side, tools, core } as const;
  }
  return { side, quickjs: await import('quickjs-emscripten') } as const;
}

/** Builds what runs the snippet: the tool (its worker starts on the first call), or a QuickJS module. */
async function openRunner(loaded: Awaited<ReturnType<typeof load>>): Promise<Runner> {
  if (loaded.side === 'code_interpreter') {
    const { createCodeInterpreterTool } = loaded.tools;
    const { createLogger, isToolResult } = loaded.core;
    const tool = createCodeInterpreterTool();
    const context = {
      vfs: undefined as never,
      logger: createLogger({ level: 'fatal' }),
      signal: new AbortController().signal,
      caller: { kind: 'host' as const },
      callId: 'bench',
    };
    return {
      async run() {
        const result = await tool.execute({ language: 'javascript', code: snippet, input: snippetInput }, context);
        if (!isToolResult(result) || result.outcome !== 'Success')
          throw new Error(`run failed: ${JSON.stringify(result)}`);
        return result.output.replace('Result (JSON):\n', '');
      },
    };
  }
  const { newQuickJSWASMModule, RELEASE_SYNC } = loaded.quickjs;
  const module = await newQuickJSWASMModule(RELEASE_SYNC);
  return {
    async run() {
      const runtime = module.newRuntime();
      const context = runtime.newContext();
      try {
        const input = context.newString(JSON.stringify(snippetInput));
        const parsed = context.unwrapResult(context.evalCode('(text) => { globalThis.input = JSON.parse(text); }'));
        context.unwrapResult(context.callFunction(parsed, context.undefined, input)).dispose();
        parsed.dispose();
        input.dispose();
        const value = context.unwrapResult(context.evalCode(snippet, 'main.js'));
        const text = JSON.stringify(context.dump(value));
        value.dispose();
        return text;
      } finally {
        context.dispose();
        runtime.dispose();
      }
    },
  };
}

/** What one fresh process measured: loading the modules, then the first call (engine start included). */
interface ColdTimes {
  readonly load: number;
  readonly firstCall: number;
}

/** In a fresh process: load, run once, report both times. */
async function coldOnce(side: Side): Promise<ColdTimes> {
  const started = performance.now();
  const loaded = await load(side);
  const loadedAt = performance.now();
  const output = await (await openRunner(loaded)).run();
  const firstCall = performance.now() - loadedAt;
  if (output !== expected) throw new Error(`${side} answered ${output}, expected ${expected}`);
  return { load: loadedAt - started, firstCall };
}

async function coldInChild(side: Side): Promise<ColdTimes> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--conditions=@orkeon/source',
    '--import',
    loader,
    fileURLToPath(import.meta.url),
    'cold',
    side,
  ]);
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as ColdTimes;
}

export async function measureCodeInterpreter(): Promise<CodeInterpreterMeasure> {
  const cold: Record<Side, ColdTimes[]> = { code_interpreter: [], quickjs: [] };
  for (let round = 0; round < coldRounds; round++) {
    const order: Side[] = round % 2 === 0 ? ['code_interpreter', 'quickjs'] : ['quickjs', 'code_interpreter'];
    for (const side of order) cold[side].push(await coldInChild(side));
  }
  const runners = {
    code_interpreter: await openRunner(await load('code_interpreter')),
    quickjs: await openRunner(await load('quickjs')),
  };
  const warm: Record<Side, number[]> = { code_interpreter: [], quickjs: [] };
  for (let call = 0; call < warmCalls + 20; call++) {
    for (const side of ['code_interpreter', 'quickjs'] as const) {
      const started = performance.now();
      const output = await runners[side].run();
      const elapsed = performance.now() - started;
      if (output !== expected) throw new Error(`${side} answered ${output}, expected ${expected}`);
      // The first calls warm the JIT and the tool's worker; they are not counted.
      if (call >= 20) warm[side].push(elapsed);
    }
  }
  const row = (label: string, times: Record<Side, number[]>): CodeInterpreterRow => {
    const ours = median(times.code_interpreter);
    const anchor = median(times.quickjs);
    return { label, oursMilliseconds: ours, anchorMilliseconds: anchor, ratio: ours / anchor };
  };
  const coldPart = (pick: (times: ColdTimes) => number) => ({
    code_interpreter: cold.code_interpreter.map(pick),
    quickjs: cold.quickjs.map(pick),
  });
  return {
    rows: [
      row(
        `cold: module load (median of ${coldRounds} fresh processes)`,
        coldPart((times) => times.load),
      ),
      row(
        'cold: first call, engine start included',
        coldPart((times) => times.firstCall),
      ),
      row(
        'cold: both',
        coldPart((times) => times.load + times.firstCall),
      ),
      row(`warm call (median of ${warmCalls})`, warm),
    ],
  };
}

/** The code interpreter section of docs/benchmarks.md. */
export function codeInterpreterSection(result: CodeInterpreterMeasure): string[] {
  return [
    '## Code interpreter (anchor: quickjs-emscripten 0.32.0 `RELEASE_SYNC` used directly)',
    '',
    'The same snippet (map and sum 100 numbers from `input`) through `code_interpreter` and through QuickJS',
    'on the main thread with a fresh runtime and context per call. The tool adds a worker thread, the prelude',
    '(console, `input`, JSON result) and its limits; in exchange the host event loop never waits on the code.',
    "Module load is the tool's package with `@orkeon/core`, from the sources through tsx, against",
    '`quickjs-emscripten`; the first call adds, for the tool, starting its worker and the engine in it.',
    '',
    '| case | code_interpreter ms | QuickJS direct ms | ratio |',
    '| --- | ---: | ---: | ---: |',
    ...result.rows.map(
      (row) =>
        `| ${row.label} | ${row.oursMilliseconds.toFixed(2)} | ${row.anchorMilliseconds.toFixed(2)} | ${row.ratio.toFixed(2)} |`,
    ),
    '',
  ];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0
    ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
    : (sorted[middle] ?? Number.NaN);
}

if (process.argv[2] === 'cold') {
  process.stdout.write(`${JSON.stringify(await coldOnce(process.argv[3] as Side))}\n`);
  // The tool's idle worker is unreferenced; nothing else keeps the process, but say so plainly.
  process.exit(0);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measureCodeInterpreter();
  process.stdout.write(`${codeInterpreterSection(result).join('\n')}\n`);
}
