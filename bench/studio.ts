// Studio's page in Debian's Chromium (playwright-core): the built bundle's size, the time to its first
// render, and a run emitting about 1,000 events a second followed live, with the tab's heap sampled
// after a forced garbage collection. Real parts throughout: the server of `startStudioServer` over
// `createRuntime`, the scripted model server, a crew whose agent calls a tool fifty times a turn.
// `npm run bench -- studio`; alone: `node --conditions=@orkeon/source --import tsx bench/studio.ts` (after `npm run build`).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createLogger, createRuntime, defineCrew } from '@orkeon/core';
import { type StudioRun, type StudioRuns, startStudioServer } from '@orkeon/studio';
import { startScriptedModelServer } from '@orkeon/testing';
import { chromium } from 'playwright-core';

const pageFolder = fileURLToPath(new URL('../packages/studio/dist/page/', import.meta.url));
const renderRounds = 15;
/**
 * Tasks, model turns per task, tool calls per turn and the wait before each answer: about 1,000 events a
 * second on an idle machine. Each task starts a fresh conversation, so the model requests stay small.
 */
const tasks = 20;
const turnsPerTask = 10;
const callsPerTurn = 50;
const turnDelayMilliseconds = 50;

export interface StudioMeasure {
  readonly bundle: { readonly file: string; readonly bytes: number; readonly gzipBytes: number }[];
  readonly firstRenderMilliseconds: { readonly median: number; readonly p90: number };
  readonly domContentLoadedMilliseconds: number;
  readonly events: number;
  readonly eventsPerSecond: number;
  /** The tab's JS heap after a forced collection: when the run had sent a tenth of its events, and at its end. */
  readonly heapEarlyBytes: number;
  readonly heapEndBytes: number;
  readonly heapSamples: readonly number[];
  /** From the server's `run.finished` to the page showing `completed`. */
  readonly finishLagMilliseconds: number;
  readonly eventsReceived: number;
}

export async function measureStudio(): Promise<StudioMeasure> {
  const bundle = await bundleSizes();
  const server = await startScriptedModelServer();
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true });
  const logger = createLogger({ level: 'silent' });
  const runtime = await createRuntime({
    logger,
    model: { provider: 'openai', modelId: 'scripted', model: provider.chatModel('scripted'), supportsStreaming: true },
  });
  const crew = defineCrew({
    name: 'busy',
    agents: [{ id: 'b', role: 'Busy', goal: 'Call tools', tools: ['directory_read'], maxIterations: turnsPerTask + 1 }],
    tasks: Array.from({ length: tasks }, (_, index) => ({
      id: `work-${index + 1}`,
      description: `Work ${index + 1}`,
      expectedOutput: 'Done',
      agent: 'b',
    })),
  });
  const studio = await startStudioServer({
    runtime,
    logger,
    port: 0,
    crews: [{ name: 'busy', variables: [], load: async () => crew }],
  });
  const browser = await chromium.launch({
    executablePath: process.env.ORKEON_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  try {
    // First render: a fresh tab each round, from navigation start to the form's heading in the page.
    const renders: number[] = [];
    const loaded: number[] = [];
    for (let round = 0; round < renderRounds; round++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(studio.url);
      await page.getByRole('heading', { name: 'Start a run' }).waitFor();
      renders.push(await page.evaluate(() => performance.now()));
      loaded.push(
        await page.evaluate(
          // The page's Navigation Timing entry (DOM types are not in this file's library).
          () =>
            (
              performance as unknown as { getEntriesByType(type: string): { domContentLoadedEventEnd: number }[] }
            ).getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? 0,
        ),
      );
      await context.close();
    }

    // The busy run, followed by one tab.
    const call = (index: number) => ({ name: 'directory_read', arguments: { path: `/missing-${index}` } });
    const turn = {
      toolCalls: Array.from({ length: callsPerTurn }, (_, index) => call(index)),
      delayMilliseconds: turnDelayMilliseconds,
    };
    for (let task = 0; task < tasks; task++)
      server.enqueue(...Array.from({ length: turnsPerTask }, () => turn), { text: 'done' });
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    await page.goto(studio.url);
    await page.getByRole('button', { name: 'Start' }).click();
    const run = await waitForRun(studio.runs);
    const started = performance.now();
    const samples: number[] = [];
    let finishedAt = 0;
    run.follow((event) => {
      if (event?.kind === 'run.finished') finishedAt = performance.now();
    });
    // Watched from the start, so that the moment the tab shows the end is not held up by the sampling below.
    const shown = page
      .locator('.run-detail .status', { hasText: 'completed' })
      .waitFor({ timeout: 600_000 })
      .then(() => performance.now());
    while (!run.finished) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      if (!run.finished) samples.push(await heap());
    }
    const elapsed = (finishedAt - started) / 1000;
    const lag = (await shown) - finishedAt;
    const received = Number((await page.locator('.count').textContent())?.replace(/\D/g, ''));
    const end = await heap();
    return {
      bundle,
      firstRenderMilliseconds: { median: quantile(renders, 0.5), p90: quantile(renders, 0.9) },
      domContentLoadedMilliseconds: quantile(loaded, 0.5),
      events: run.view.lastSeq,
      eventsPerSecond: run.view.lastSeq / elapsed,
      heapEarlyBytes: samples[0] ?? end,
      heapEndBytes: end,
      heapSamples: samples,
      finishLagMilliseconds: lag,
      eventsReceived: received,
    };
  } finally {
    await browser.close();
    await studio.close();
    await runtime.dispose();
    await server.close();
  }
}

export async function studioBenchSection(measuredLine?: string): Promise<string[]> {
  const measure = await measureStudio();
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  return [
    '## Studio page (no anchor: raw figures)',
    '',
    ...(measuredLine === undefined ? [] : [measuredLine, '']),
    '| file | bytes | gzip |',
    '| --- | ---: | ---: |',
    ...measure.bundle.map((file) => `| \`${file.file}\` | ${kib(file.bytes)} | ${kib(file.gzipBytes)} |`),
    '',
    '| measure | value |',
    '| --- | ---: |',
    `| first render, median of ${renderRounds} fresh tabs (navigation start to the form drawn) | ${measure.firstRenderMilliseconds.median.toFixed(0)} ms |`,
    `| first render, 90th percentile | ${measure.firstRenderMilliseconds.p90.toFixed(0)} ms |`,
    `| DOMContentLoaded, median | ${measure.domContentLoadedMilliseconds.toFixed(0)} ms |`,
    `| events of the busy run | ${measure.events.toLocaleString('en-US')} |`,
    `| events per second it emitted | ${measure.eventsPerSecond.toFixed(0)} |`,
    `| events the tab received | ${measure.eventsReceived.toLocaleString('en-US')} |`,
    `| tab heap after a collection, first sample (2 s in) | ${mib(measure.heapEarlyBytes)} |`,
    `| tab heap after a collection, at the end | ${mib(measure.heapEndBytes)} |`,
    `| from the run's end on the server to "completed" in the tab | ${measure.finishLagMilliseconds.toFixed(0)} ms |`,
    '',
    `Heap samples every 2 s (MiB): ${measure.heapSamples.map((bytes) => (bytes / 2 ** 20).toFixed(1)).join(', ')}.`,
    '',
    `The busy run: ${tasks} tasks of ${turnsPerTask} model turns with ${callsPerTurn} \`directory_read\` calls each (every call two events), each turn answered after ${turnDelayMilliseconds} ms by the scripted model server, followed live by one tab over SSE. The page folds each event into the run's view and keeps the newest 200 in its event list, so its heap stays flat however long the run; the server keeps \`MaxEventsPerRun\` (5,000) per run. First render: a new browser context per round against \`startStudioServer\` on loopback, \`performance.now()\` in the page once the form's heading exists (the bundle parsed and run, the overview fetched and drawn).`,
    '',
  ];
}

async function bundleSizes() {
  const files = await readdir(join(pageFolder, 'assets'));
  return Promise.all(
    ['index.html', ...files.map((file) => `assets/${file}`)].map(async (file) => {
      const bytes = await readFile(join(pageFolder, file));
      return { file: file.replace(/-[\w-]{8}\./, '-<hash>.'), bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
    }),
  );
}

async function waitForRun(runs: StudioRuns): Promise<StudioRun> {
  for (;;) {
    const [run] = runs.list();
    if (run !== undefined) return run;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${(await studioBenchSection()).join('\n')}\n`);
}
