// Runs every benchmark group, ours and the anchor interleaved in one run, prints
// the ratios and writes them to docs/benchmarks.md. `npm run bench`; `npm run bench -- a2a mcp`
// runs the named sections only (services, configuration, agent-loop, a2a, mcp, startup, http-api, data, conversations, memory, embeddings, rag, raggable-tree, event-hub, event-hub-postgres, guardian, dlp, compliance, rate-limiting, key-rotation, studio, scale-out, code) and
// puts each in place of its old one in docs/benchmarks.md, leaving the others as they are.
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { Bench } from 'tinybench';
import { a2aSection, measureA2A } from './a2a.js';
import { measureAgentLoop } from './agent-loop.js';
import type { BenchmarkGroup } from './benchmark-group.js';
import { configurationBenchmarks } from './configuration.bench.js';
import { conversationsSection, measureConversations } from './conversations.js';
import { mcpSection, measureMcp } from './mcp.js';
import { measureMemory, memorySection } from './memory.js';
import { measureMonitoringBufferMemory } from './monitoring-buffer.js';
import { ragBenchSection } from './rag.js';
import { servicesBenchmarks } from './services.bench.js';
import { measureStartup, startupSection } from './startup.js';
import { codeInterpreterSection, measureCodeInterpreter } from './tools-code.js';
import { dataReadersSection, measureDataReaders } from './tools-data.js';
import { httpApiSection, measureHttpApi } from './tools-web.js';

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const machine = `Node ${process.versions.node}, ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
const today = new Date().toISOString().slice(0, 10);

/** A section of docs/benchmarks.md: its name on the command line and how its heading starts. */
interface Section {
  readonly name: string;
  readonly heading: string;
  measure(): Promise<string[]>;
}

const sections: Section[] = [
  ...[servicesBenchmarks, configurationBenchmarks].map((group, index) => ({
    name: index === 0 ? 'services' : 'configuration',
    heading: `## ${group.title}`,
    measure: () => groupSection(group),
  })),
  { name: 'agent-loop', heading: '## Agent loop', measure: agentLoopSection },
  // The heading was "A2A `tasks/send`" before the v1.0 rows; "## A2A" finds either.
  { name: 'a2a', heading: '## A2A', measure: async () => a2aSection(await measureA2A(), selectedOnly()) },
  { name: 'mcp', heading: '## MCP', measure: async () => mcpSection(await measureMcp()) },
  { name: 'startup', heading: '## Start-up', measure: async () => startupSection(measureStartup(), selectedOnly()) },
  { name: 'http-api', heading: '## Web tools', measure: async () => httpApiSection(await measureHttpApi()) },
  { name: 'data', heading: '## Data readers', measure: async () => dataReadersSection(await measureDataReaders()) },
  {
    name: 'conversations',
    heading: '## Conversations',
    measure: async () => conversationsSection(await measureConversations()),
  },
  {
    name: 'embeddings',
    heading: '## Embeddings',
    measure: async () => (await import('./embeddings.js')).embeddingsBenchSection(),
  },
  { name: 'memory', heading: '## Memory stores', measure: async () => memorySection(await measureMemory()) },
  { name: 'rag', heading: '## RAG', measure: () => ragBenchSection(selectedOnly()) },
  {
    name: 'raggable-tree',
    heading: '## Codebase context',
    measure: async () => (await import('./raggable-tree.js')).raggableTreeBenchSection(selectedOnly()),
  },
  {
    name: 'event-hub',
    heading: '## Event hub in memory',
    measure: async () => (await import('./event-hub.js')).eventHubBenchSection(selectedOnly()),
  },
  {
    name: 'event-hub-postgres',
    heading: '## Event hub on PostgreSQL',
    measure: async () => (await import('./event-hub-postgres.js')).eventHubPostgresBenchSection(selectedOnly()),
  },
  {
    name: 'guardian',
    heading: '## Guardian',
    measure: async () => {
      const { guardianSection, measureGuardian } = await import('./guardian.js');
      return guardianSection(await measureGuardian());
    },
  },
  {
    name: 'dlp',
    heading: '## DLP',
    measure: async () => {
      const { dlpSection, measureDlp } = await import('./dlp.js');
      return dlpSection(await measureDlp());
    },
  },
  {
    name: 'compliance',
    heading: '## Compliance report',
    measure: async () => {
      const { complianceSection, measureCompliance } = await import('./compliance.js');
      return complianceSection(await measureCompliance(), selectedOnly());
    },
  },
  {
    name: 'rate-limiting',
    heading: '## Tool rate limiting and token budgets',
    measure: async () => (await import('./rate-limiting.js')).rateLimitingBenchSection(selectedOnly()),
  },
  {
    name: 'key-rotation',
    heading: '## Key rotation',
    measure: async () => {
      const { keyRotationSection, measureKeyRotation } = await import('./key-rotation.js');
      return keyRotationSection(await measureKeyRotation(), selectedOnly());
    },
  },
  {
    name: 'studio',
    heading: '## Studio page',
    measure: async () => (await import('./studio.js')).studioBenchSection(selectedOnly()),
  },
  {
    name: 'scale-out',
    heading: '## Scale-out',
    measure: async () => (await import('./scale-out.js')).scaleOutBenchSection(selectedOnly()),
  },
  {
    name: 'code',
    heading: '## Code interpreter',
    measure: async () => codeInterpreterSection(await measureCodeInterpreter()),
  },
];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !sections.some((section) => section.name === name));
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown benchmark section ${unknown.join(', ')}; the sections are ${sections.map((section) => section.name).join(', ')}.\n`,
  );
  process.exit(2);
}
const chosen = asked.length === 0 ? sections : sections.filter((section) => asked.includes(section.name));

/** A section measured alone says when and where, since the page's "Last run" line is not its. */
function selectedOnly(): string | undefined {
  return asked.length === 0 ? undefined : `Measured ${today}, ${machine}.`;
}

const page = new URL('../docs/benchmarks.md', import.meta.url);
if (asked.length === 0) {
  const lines: string[] = [];
  for (const section of chosen) lines.push(...(await section.measure()));
  const header = [
    '# Benchmarks',
    '',
    'Made by `npm run bench`. Each case runs our code and the anchor in the same process, one after the',
    'other, and reports throughput; the ratio is what to read, since absolute numbers move with the machine.',
    '',
    `Last run: ${today}, ${machine}.`,
    '',
  ];
  const report = [...header, ...lines].join('\n');
  process.stdout.write(`${report}\n`);
  await writeFile(page, report);
} else {
  let text = await readFile(page, 'utf8');
  for (const section of chosen) {
    const lines = await section.measure();
    process.stdout.write(`${lines.join('\n')}\n`);
    text = replaceSection(text, section.heading, `${lines.join('\n')}\n`);
  }
  await writeFile(page, text);
}

/** Puts `body` in place of the section whose heading starts with `heading` (up to the next "## "), or at the end. */
function replaceSection(text: string, heading: string, body: string): string {
  const found = text.startsWith(heading) ? 0 : text.indexOf(`\n${heading}`);
  if (found === -1) return `${text.trimEnd()}\n\n${body}`;
  const start = found === 0 ? 0 : found + 1;
  const next = text.indexOf('\n## ', start);
  return next === -1 ? `${text.slice(0, start)}${body}` : `${text.slice(0, start)}${body}${text.slice(next + 1)}`;
}

async function groupSection(group: BenchmarkGroup): Promise<string[]> {
  const lines: string[] = [];
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
  return lines;
}

async function agentLoopSection(): Promise<string[]> {
  const lines: string[] = [];
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
        `| ${row.label} | ${row.medianMilliseconds.toFixed(2)} | ${Math.round(row.runsPerSecond)} | ${Number.isNaN(row.heapBytesPerRun) ? '–' : `${(row.heapBytesPerRun / 1024).toFixed(1)} KiB`} | ${ratios} |`,
      );
    }
  }
  lines.push(
    '',
    'One `act` run = two model calls over loopback HTTP to the scripted model server (a tool call, then the answer) and one tool call. The Guardian pair measures our loop with the Guardian as `createRuntime` builds it (prompt screened, call checked, result screened and enveloped) against the same loop without it, one run each in turn (no heap figure), the goal ≤ 1.05×; the other rows are without the Guardian, as the AI SDK has none. Our side adds the invocation pipeline (validation, gate check, time limit, truncation, audit), Orkeon retries and Orkeon telemetry. Tracing on: an OpenTelemetry SDK with an in-memory exporter; the AI SDK side uses its own `@ai-sdk/otel` integration. Heap growth is `heapUsed` after a batch minus before it, per run, with a large young generation so that little is collected meanwhile: an estimate of what a run allocates, server included.',
    '',
  );
  // The monitoring backend's ring buffer, full (Svc:Monitoring:MaxTraceHistory at its default).
  const buffer = await measureMonitoringBufferMemory();
  lines.push(
    `Monitoring: the two monitoring pairs run the backend's span processor and metric reader on providers of their own (as \`addSvcMonitoring\` starts them when no exporter is configured), against no providers at all, and against the same providers with a processor and a reader that do nothing (telemetry already on for another consumer, where the backend's own cost shows); the three setups take whole batches in turns. The goal is ≤ 1.05×. Its ring buffer full at \`MaxTraceHistory\` ${buffer.traces} traces of ${buffer.spansPerTrace} spans each (one \`act\` run per trace) holds about ${(buffer.bytes / 2 ** 20).toFixed(1)} MiB of heap (${(buffer.bytes / buffer.traces / 1024).toFixed(1)} KiB per trace): the heap growth over the runs that fill it, less that of the same runs kept in a buffer of one trace.`,
    '',
  );
  return lines;
}

function format(value: number | undefined): string {
  return value === undefined ? 'n/a' : Math.round(value).toLocaleString('en-US');
}
