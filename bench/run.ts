// Runs every benchmark group, ours and the anchor interleaved in one run, prints
// the ratios and writes them to docs/benchmarks.md. `npm run bench`.
import { writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { Bench } from 'tinybench';
import { measureA2A } from './a2a.js';
import { measureAgentLoop } from './agent-loop.js';
import type { BenchmarkGroup } from './benchmark-group.js';
import { configurationBenchmarks } from './configuration.bench.js';
import { mcpSection, measureMcp } from './mcp.js';
import { servicesBenchmarks } from './services.bench.js';
import { measureStartup, startupSection } from './startup.js';

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

lines.push('## Agent loop (anchor: the AI SDK tool loop, `generateText` with the same model and tool)', '');
lines.push(
  '| run | median ms per run | runs/s | heap growth per run | ours / anchor (median) | ours / anchor (runs/s) |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
);
for (const [ours, anchor] of await measureAgentLoop()) {
  if (ours === undefined || anchor === undefined) continue;
  for (const row of [ours, anchor]) {
    const ratios =
      row === ours
        ? `${(ours.medianMilliseconds / anchor.medianMilliseconds).toFixed(2)}× | ${(ours.runsPerSecond / anchor.runsPerSecond).toFixed(2)}×`
        : ' | ';
    lines.push(
      `| ${row.label} | ${row.medianMilliseconds.toFixed(2)} | ${Math.round(row.runsPerSecond)} | ${(row.heapBytesPerRun / 1024).toFixed(1)} KiB | ${ratios} |`,
    );
  }
}
lines.push(
  '',
  'One `act` run = two model calls over loopback HTTP to the scripted model server (a tool call, then the answer) and one tool call. Our side adds the invocation pipeline (validation, gate check, time limit, truncation, audit), Orkeon retries and Orkeon telemetry. Tracing on: an OpenTelemetry SDK with an in-memory exporter; the AI SDK side uses its own `@ai-sdk/otel` integration. Heap growth is `heapUsed` after a batch minus before it, per run, with a large young generation so that little is collected meanwhile: an estimate of what a run allocates, server included.',
  '',
);

lines.push('## A2A `tasks/send` (anchor: @a2a-js/sdk; ceiling: bare node:http)', '');
lines.push(
  '| server | requests/s | p50 ms | p99 ms | errors | ÷ SDK | ÷ bare |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
);
for (const row of await measureA2A()) {
  lines.push(
    `| ${row.label} | ${Math.round(row.requestsPerSecond).toLocaleString('en-US')} | ${row.p50Milliseconds} | ${row.p99Milliseconds} | ${row.errors} | ${row.sdkRatio.toFixed(2)}× | ${row.ceilingRatio.toFixed(2)}× |`,
  );
}
lines.push(
  '',
  'Servers run in their own processes, Orkeon’s from the built packages (`npm run bench` builds first); autocannon (16 connections) drives them from the benchmark process over loopback, so a server and the load generator share the machine’s 2 cores. Each server runs in 3 processes (two processes of one server differ by up to a tenth: code placement, hash seeds, JIT timing), each warmed up for 1 s; then the servers take turns for 6 rounds of 3 s, each round starting with a different server and using the next of its processes. A row shows its median round; each ratio is the median over rounds of the two servers’ requests/s in the same round. Orkeon answers the task result of its REST dialect; the SDK answers a JSON-RPC `SendMessage` with a message. Goal: at least 2× the SDK and within 0.6× of the bare ceiling.',
  '',
);

lines.push(...mcpSection(await measureMcp()));

lines.push(...startupSection(measureStartup()));

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
