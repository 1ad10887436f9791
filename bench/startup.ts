// Start-up time of the `orkeon` command: how long `--version` and `run --help` take from
// the built package, against `node -e 0` on the same machine (and, for reference, a whole
// `orkeon run --validate` of the quickstart crew), and how long the
// repository's `./orkeon` takes against the built package. The commands take turns in
// rounds, each round in another order, so a slow spell of the machine lands on all of
// them; each ratio is the median over rounds of the two commands' times in one round.
// `npm run bench` runs it with the others; on its own,
// `node --conditions=@orkeon/source --import tsx bench/startup.ts` replaces only the
// start-up section of docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtBin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const repositoryScript = fileURLToPath(new URL('../orkeon', import.meta.url));
const rounds = 25;

interface StartupCase {
  readonly label: string;
  readonly file: string;
  readonly args: readonly string[];
  readonly environment?: Readonly<Record<string, string>>;
}

const bare: StartupCase = { label: '`node -e 0`', file: process.execPath, args: ['-e', '0'] };
const builtVersion: StartupCase = {
  label: 'built: `orkeon --version`',
  file: process.execPath,
  args: [builtBin, '--version'],
};
const builtRunHelp: StartupCase = {
  label: 'built: `orkeon run --help`',
  file: process.execPath,
  args: [builtBin, 'run', '--help'],
};
const repositoryVersion: StartupCase = {
  label: 'repository: `./orkeon --version`',
  file: repositoryScript,
  args: ['--version'],
};
const sourcesVersion: StartupCase = {
  label: 'sources through tsx: `ORKEON_FROM_SOURCE=1 ./orkeon --version`',
  file: repositoryScript,
  args: ['--version'],
  environment: { ORKEON_FROM_SOURCE: '1' },
};
// A whole command's start beside the two above: settings judged, the crew loaded and checked, the runtime built
// with every default subsystem, nothing run (no goal of its own; the opt-in packages it does not load keep it down).
const builtRunValidate: StartupCase = {
  label: 'built: `orkeon run examples/quickstart -V topic=bees --validate`',
  file: process.execPath,
  args: [builtBin, 'run', 'examples/quickstart', '-V', 'topic=bees', '--validate'],
};
const cases = [bare, builtVersion, builtRunHelp, builtRunValidate, repositoryVersion, sourcesVersion];

export interface StartupRow {
  readonly label: string;
  readonly medianMilliseconds: number;
}

export interface StartupRatio {
  readonly label: string;
  readonly ratio: number;
  readonly goal: number;
}

export interface StartupMeasure {
  readonly rows: readonly StartupRow[];
  readonly ratios: readonly StartupRatio[];
}

/** Runs one command to its end and returns its wall time in milliseconds. */
function time(entry: StartupCase): number {
  const started = performance.now();
  const result = spawnSync(entry.file, entry.args, {
    cwd: root,
    env: { ...process.env, ...entry.environment },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const elapsed = performance.now() - started;
  if (result.status !== 0) {
    throw new Error(`${entry.label} exited with ${result.status}: ${String(result.stderr).trim()}`);
  }
  // Anything on standard error means ./orkeon built or fell back to the sources: not a start to measure.
  if (String(result.stderr) !== '') {
    throw new Error(`${entry.label} wrote to standard error: ${String(result.stderr).trim()}. Fix the build first.`);
  }
  return elapsed;
}

export function measureStartup(): StartupMeasure {
  // The first start of ./orkeon builds when a source is newer than the last build; the
  // first start of each command fills the file cache and Node's compile cache.
  spawnSync(repositoryScript, ['--version'], { cwd: root, stdio: 'ignore' });
  for (const entry of cases) time(entry);
  const times = new Map(cases.map((entry) => [entry, [] as number[]]));
  for (let round = 0; round < rounds; round++) {
    for (let index = 0; index < cases.length; index++) {
      const entry = cases[(round + index) % cases.length] as StartupCase;
      times.get(entry)?.push(time(entry));
    }
  }
  const of = (entry: StartupCase) => times.get(entry) ?? [];
  const ratio = (label: string, over: StartupCase, under: StartupCase, goal: number): StartupRatio => ({
    label,
    ratio: median(of(over).map((value, round) => value / (of(under)[round] ?? Number.NaN))),
    goal,
  });
  return {
    rows: cases.map((entry) => ({ label: entry.label, medianMilliseconds: median(of(entry)) })),
    ratios: [
      ratio('built `--version` ÷ `node -e 0`', builtVersion, bare, 1.5),
      ratio('built `run --help` ÷ `node -e 0`', builtRunHelp, bare, 1.5),
      ratio('`./orkeon --version` ÷ built `--version`', repositoryVersion, builtVersion, 1.5),
    ],
  };
}

/** The start-up section of docs/benchmarks.md; `when` names the date and machine when the page's header does not. */
export function startupSection(measure: StartupMeasure, when?: string): string[] {
  return [
    '## Start-up (anchor: `node -e 0`)',
    '',
    ...(when === undefined ? [] : [when, '']),
    '| command | median ms |',
    '| --- | ---: |',
    ...measure.rows.map((row) => `| ${row.label} | ${row.medianMilliseconds.toFixed(1)} |`),
    '',
    '| ratio | measured | goal |',
    '| --- | ---: | ---: |',
    ...measure.ratios.map(
      (entry) =>
        `| ${entry.label} | ${entry.ratio.toFixed(2)}× | ≤ ${entry.goal}× ${entry.ratio <= entry.goal ? '✓' : '✗'} |`,
    ),
    '',
    `Wall time of a whole process, spawned from Node, ${rounds} rounds in turn after one warm-up start each; a ratio is the median over rounds of the two commands’ times in the same round. “Built” is \`node packages/cli/dist/bin.js\`, as the published package runs. \`./orkeon\` adds bash, the set-up check (file tests; one \`node --version\` when the system Node is used, none once a Node is provisioned in \`.tools/\`) and the staleness check (one \`find\`) before it runs the same file. The last row is the route \`./orkeon\` takes while the build is failing, for comparison.`,
    '',
  ];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

// On its own: measure, then put the section in place of the old one (or at the end) of docs/benchmarks.md.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const when = `Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB.`;
  const section = startupSection(measureStartup(), when).join('\n');
  process.stdout.write(`${section}\n`);
  const page = new URL('../docs/benchmarks.md', import.meta.url);
  const text = await readFile(page, 'utf8');
  const start = text.indexOf('## Start-up');
  const next = start === -1 ? -1 : text.indexOf('\n## ', start);
  const before = start === -1 ? `${text.trimEnd()}\n\n` : text.slice(0, start);
  const after = next === -1 ? '' : text.slice(next + 1);
  await writeFile(page, `${before}${section}${after === '' ? '' : `\n${after}`}`);
}
