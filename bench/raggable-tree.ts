// The code index on this repository's own packages/ folder (every package's sources and
// tests, node_modules and dist left out by the default excludes), through the
// RaggableTree class as a host uses it: the folder mounted read-only, the index saved in a
// temporary folder, words only (an embedding model would measure the model). Cold: the
// first index of the process, Tree-sitter and its grammars loaded on the way; full: a
// forced re-index once warm; no change: `reindex` when nothing changed (every file read
// and hashed, none parsed), the check every query pays; reload: a new instance reading the
// saved index, then that check; query: `search` including the check. The anchor is the
// parser alone: web-tree-sitter parsing the same files read with node:fs, nothing taken
// out, nothing saved. `npm run bench -- raggable-tree`; alone:
// `node --conditions=@orkeon/source --import tsx bench/raggable-tree.ts`.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Configuration, VirtualFileSystem } from '@orkeon/core';
import { type CodeLanguage, RaggableTree, raggableTreeSettings } from '@orkeon/raggable-tree';

const packagesFolder = fileURLToPath(new URL('../packages/', import.meta.url));
const fullRounds = 3;
const unchangedRounds = 5;
const queryRounds = 5;

export interface IndexTiming {
  readonly label: string;
  readonly files: number;
  readonly symbols: number;
  readonly seconds: number;
}

export interface RaggableTreeMeasure {
  readonly files: number;
  readonly symbols: number;
  readonly packages: number;
  readonly indexBytes: number;
  readonly rows: readonly IndexTiming[];
  readonly queryMilliseconds: number;
}

async function openTree(output: string): Promise<RaggableTree> {
  const files = await VirtualFileSystem.create([
    { physical: packagesFolder, virtual: '/code', rights: 'ro' },
    { physical: output, virtual: '/output', rights: 'rw' },
  ]);
  const settings = Configuration.fromObject({ RaggableTree: { Root: '/code', Embedding: { Provider: 'None' } } }, [
    raggableTreeSettings,
  ]).get(raggableTreeSettings);
  return new RaggableTree({ settings, files });
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The anchor: the same files parsed by web-tree-sitter directly, read with node:fs. */
async function parseAlone(files: readonly { path: string; language: CodeLanguage }[]): Promise<number> {
  const { Language, Parser } = await import('web-tree-sitter');
  await Parser.init();
  const wasm = join(dirname(createRequire(import.meta.url).resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm');
  const grammarFile: Record<CodeLanguage, string> = {
    typescript: 'typescript',
    tsx: 'tsx',
    javascript: 'javascript',
    python: 'python',
    go: 'go',
    java: 'java',
    csharp: 'c-sharp',
  };
  const parsers = new Map<CodeLanguage, InstanceType<typeof Parser>>();
  for (const language of new Set(files.map((file) => file.language)))
    parsers.set(
      language,
      new Parser().setLanguage(await Language.load(join(wasm, `tree-sitter-${grammarFile[language]}.wasm`))),
    );
  const started = performance.now();
  for (const file of files) {
    const text = await readFile(join(packagesFolder, file.path.slice('/code/'.length)), 'utf8');
    parsers.get(file.language)?.parse(text)?.delete();
  }
  return (performance.now() - started) / 1000;
}

export async function measureRaggableTree(): Promise<RaggableTreeMeasure> {
  const output = await mkdtemp(join(tmpdir(), 'orkeon-bench-code-'));
  try {
    const tree = await openTree(output);
    const rows: IndexTiming[] = [];
    const cold = await timed(() => tree.index());
    rows.push({
      label: 'cold: first index of the process',
      files: cold.value.files,
      symbols: cold.value.symbols,
      seconds: cold.seconds,
    });
    const full: number[] = [];
    for (let round = 0; round < fullRounds; round++)
      full.push((await timed(() => tree.index({ force: true }))).seconds);
    rows.push({
      label: `full re-index, warm (median of ${fullRounds})`,
      files: cold.value.files,
      symbols: cold.value.symbols,
      seconds: median(full),
    });
    const unchanged: number[] = [];
    for (let round = 0; round < unchangedRounds; round++) unchanged.push((await timed(() => tree.reindex())).seconds);
    rows.push({
      label: `no change: every file hashed, none parsed (median of ${unchangedRounds})`,
      files: cold.value.files,
      symbols: cold.value.symbols,
      seconds: median(unchanged),
    });
    const reload = await timed(async () => (await openTree(output)).graph());
    rows.push({
      label: 'reload: a new instance reads the saved index, then checks',
      files: cold.value.files,
      symbols: cold.value.symbols,
      seconds: reload.seconds,
    });
    const queries: number[] = [];
    for (let round = 0; round < queryRounds; round++)
      queries.push((await timed(() => tree.search('tool registry lookup by name', { topK: 5 }))).seconds * 1000);
    const graph = await tree.graph();
    const sources = [...graph.files.values()].map((file) => ({ path: file.path, language: file.language }));
    rows.push({
      label: 'anchor: web-tree-sitter parsing alone (node:fs reads)',
      files: sources.length,
      symbols: 0,
      seconds: await parseAlone(sources),
    });
    const saved = await readFile(join(output, 'raggable-tree', 'code.json'));
    return {
      files: cold.value.files,
      symbols: cold.value.symbols,
      packages: cold.value.packages,
      indexBytes: saved.length,
      rows,
      queryMilliseconds: median(queries),
    };
  } finally {
    await rm(output, { recursive: true, force: true });
  }
}

/** The section of docs/benchmarks.md; `when` names the date and machine when the page's header does not. */
export function raggableTreeSection(measure: RaggableTreeMeasure, when?: string): string[] {
  const rate = (count: number, seconds: number) =>
    count === 0 ? '–' : Math.round(count / seconds).toLocaleString('en-US');
  return [
    '## Codebase context: indexing this repository (anchor: web-tree-sitter parsing alone)',
    '',
    ...(when === undefined ? [] : [when, '']),
    `The folder: this repository's \`packages/\` (${measure.files.toLocaleString('en-US')} source files in ${measure.packages} packages, ${measure.symbols.toLocaleString('en-US')} symbols; \`node_modules\` and \`dist\` left out by the default excludes), indexed through \`RaggableTree\` from a read-only mount, words only (no embedding model), the index saved as JSON (${(measure.indexBytes / 1024 / 1024).toFixed(1)} MB).`,
    '',
    '| run | files | seconds | files/s | symbols/s |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...measure.rows.map(
      (row) =>
        `| ${row.label} | ${row.files.toLocaleString('en-US')} | ${row.seconds.toFixed(2)} | ${rate(row.files, row.seconds)} | ${rate(row.symbols, row.seconds)} |`,
    ),
    '',
    `A \`codebase_search\` on the unchanged index takes ${measure.queryMilliseconds.toFixed(0)} ms (median of ${queryRounds}), most of it the check that no file changed. The index adds to the parser: reading through the virtual file system (rights checked per file), hashing, walking every syntax tree once for symbols, imports, calls, branches, building the graph and saving it. The no-change row is what each query pays before answering.`,
    '',
  ];
}

/** For `bench/run.ts`: measured and written as the section of docs/benchmarks.md. */
export async function raggableTreeBenchSection(when?: string): Promise<string[]> {
  return raggableTreeSection(await measureRaggableTree(), when);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${(await raggableTreeBenchSection()).join('\n')}\n`);
}
