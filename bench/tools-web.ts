// `http_api` through the network guard against a bare `fetch` of the same loopback server.
// The server runs in its own process and answers a small JSON body; both sides keep the same
// number of requests in flight, take turns for several short rounds (a slow spell of the
// shared machine lands on both), and the ratio is the median over rounds.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { VirtualFileSystem } from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { createHttpApiTool } from '@orkeon/tools-web';

const rounds = 12;
const roundSeconds = 1;
/** Both sides and the server climb for seconds before their rate holds (JIT, connection pool). */
const warmUpSeconds = 3;
const inFlight = 8;

const serverCode = `
const body = JSON.stringify({ ok: true, items: [1, 2, 3], text: 'hello from the loopback server' });
require('node:http').createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;

export interface HttpApiMeasure {
  /** Requests/s of `http_api` (tool `execute`, guard, redirect check, body limit, formatting), median round. */
  readonly toolPerSecond: number;
  /** Requests/s of `fetch(url)` then `.text()`, median round. */
  readonly fetchPerSecond: number;
  /** Median over rounds of the tool ÷ fetch in the same round. */
  readonly ratio: number;
  readonly rounds: readonly { readonly tool: number; readonly fetch: number }[];
  readonly failures: number;
}

async function drive(
  seconds: number,
  request: () => Promise<boolean>,
): Promise<{ perSecond: number; failures: number }> {
  const until = performance.now() + seconds * 1_000;
  let done = 0;
  let failures = 0;
  const worker = async () => {
    while (performance.now() < until) {
      if (await request()) done += 1;
      else failures += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { perSecond: done / ((performance.now() - started) / 1_000), failures };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export async function measureHttpApi(): Promise<HttpApiMeasure> {
  const server: ChildProcess = spawn(process.execPath, ['-e', serverCode], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(createInterface({ input: server.stdout as NodeJS.ReadableStream }), 'line')) as [string];
    const url = `http://127.0.0.1:${line.trim()}/items`;
    const tool = createHttpApiTool({ AllowedHosts: [`127.0.0.1:${line.trim()}`] });
    const vfs = (await VirtualFileSystem.create([])).agentView();
    const logger = captureLogger().logger;
    const input = tool.inputSchema.parse({ url });
    const viaTool = async () => {
      const result = await tool.execute(input, {
        vfs,
        logger,
        signal: new AbortController().signal,
        caller: { kind: 'host' },
        callId: 'bench',
      });
      return typeof result === 'string' && result.startsWith('HTTP 200');
    };
    const viaFetch = async () => {
      const response = await fetch(url);
      await response.text();
      return response.status === 200;
    };
    await drive(warmUpSeconds, viaTool);
    await drive(warmUpSeconds, viaFetch);
    const measured: { tool: number; fetch: number }[] = [];
    let failures = 0;
    for (let round = 0; round < rounds; round += 1) {
      // Alternate which side goes first so neither always meets a cold or warm machine.
      const first = round % 2 === 0 ? viaTool : viaFetch;
      const second = round % 2 === 0 ? viaFetch : viaTool;
      const a = await drive(roundSeconds, first);
      const b = await drive(roundSeconds, second);
      const [toolRun, fetchRun] = round % 2 === 0 ? [a, b] : [b, a];
      failures += toolRun.failures + fetchRun.failures;
      measured.push({ tool: toolRun.perSecond, fetch: fetchRun.perSecond });
    }
    return {
      toolPerSecond: median(measured.map((round) => round.tool)),
      fetchPerSecond: median(measured.map((round) => round.fetch)),
      ratio: median(measured.map((round) => round.tool / round.fetch)),
      rounds: measured,
      failures,
    };
  } finally {
    server.kill();
  }
}

export function httpApiSection(result: HttpApiMeasure): string[] {
  const format = (value: number) => Math.round(value).toLocaleString('en-US');
  return [
    '## Web tools: `http_api` through the network guard (anchor: a bare `fetch`)',
    '',
    '| client | requests/s | http_api / fetch |',
    '| --- | ---: | ---: |',
    `| \`http_api\` (guard, redirect check, body limit, answer text) | ${format(result.toolPerSecond)} | ${result.ratio.toFixed(2)}× |`,
    `| \`fetch(url)\` + \`.text()\` (Node's built-in) | ${format(result.fetchPerSecond)} | |`,
    '',
    `Raw rounds (http_api, fetch requests/s): ${result.rounds.map((round) => `${format(round.tool)} / ${format(round.fetch)}`).join('; ')}. Failures: ${result.failures}.`,
    '',
    `One loopback server in its own process answers a 66-byte JSON body; ${inFlight} requests in flight on each side, a ${warmUpSeconds} s warm-up each, then ${rounds} rounds of ${roundSeconds} s taken in turns, the ratio is the median over rounds. The tool is called through its \`execute\` (the invocation pipeline left out), with the loopback host allowed by \`Svc:Tools:Web:AllowedHosts\`. Goal: at least 0.8×.`,
    '',
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${httpApiSection(await measureHttpApi()).join('\n')}\n`);
}
