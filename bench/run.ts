// Runs every benchmark group, ours and the anchor interleaved in one run, prints
// the ratios and writes them to docs/benchmarks.md. `npm run bench`.
import { writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { Bench } from 'tinybench';
import type { BenchmarkGroup } from './benchmark-group.js';
import { configurationBenchmarks } from './configuration.bench.js';
import { servicesBenchmarks } from './services.bench.js';

const groups: BenchmarkGroup[] = [servicesBenchmarks, configurationBenchmarks];
const lines: string[] = [];

for (const group of groups) {
  lines.push(`## ${group.title} (anchor: ${group.anchor})`, '');
  lines.push('| case | ours (ops/s) | anchor (ops/s) | ours / anchor |', '| --- | ---: | ---: | ---: |');
  for (const entry of group.cases) {
    const bench = new Bench({ time: 500, warmup: true });
    bench.add('ours', entry.ours).add('anchor', entry.anchor);
    await bench.run();
    const [ours, anchor] = bench.tasks.map((task) =>
      task.result.state === 'completed' ? task.result.throughput.mean : 0,
    );
    const ratio = ours !== undefined && anchor !== undefined && anchor > 0 ? (ours / anchor).toFixed(2) : 'n/a';
    lines.push(`| ${entry.name} | ${format(ours)} | ${format(anchor)} | ${ratio}× |`);
  }
  lines.push('', group.notes, '');
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const header = [
  '# Benchmarks',
  '',
  'Made by `npm run bench`. Each case runs our code and the anchor in the same process, one after the',
  'other, and reports throughput; the ratio is what to read, since absolute numbers move with the machine.',
  '',
  `Last run: ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB.`,
  '',
];
const report = [...header, ...lines].join('\n');
process.stdout.write(`${report}\n`);
await writeFile(new URL('../docs/benchmarks.md', import.meta.url), report);

function format(value: number | undefined): string {
  return value === undefined ? 'n/a' : Math.round(value).toLocaleString('en-US');
}
