// MCP `tools/call` with one echo tool: Orkeon's server against the official SDK's (v2,
// createMcpHandler / serveStdio), each in its own processes. Over Streamable HTTP autocannon
// drives requests/s; over stdio one client sends a call, waits for its answer, and counts
// round trips/s. The servers take turns for several short rounds (as in a2a.ts), so a slow
// spell of the shared machine lands on both; each ratio is the median over rounds.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const rounds = 4;
const httpSeconds = 3;
const stdioSeconds = 2;
const connections = 16;

const loader = pathToFileURL(fileURLToPath(new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;
const servers = [
  { label: 'orkeon', script: './mcp-servers/orkeon-echo.ts' },
  { label: '@modelcontextprotocol/server 2.4 (createMcpHandler, serveStdio)', script: './mcp-servers/sdk-echo.ts' },
] as const;

const call = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'echo',
      arguments: { text: 'hello' },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  });
const headers = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'echo',
};

export interface McpMeasure {
  readonly transport: 'Streamable HTTP' | 'stdio';
  readonly label: string;
  /** Requests/s (HTTP) or round trips/s (stdio), median round. */
  readonly perSecond: number;
  readonly errors: number;
  /** Median over rounds of ours ÷ the SDK's in the same round (on our row only). */
  readonly ratio?: number;
}

function start(script: string, mode: 'http' | 'stdio'): ChildProcess {
  return spawn(
    process.execPath,
    ['--conditions=@orkeon/source', '--import', loader, fileURLToPath(new URL(script, import.meta.url)), mode],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
}

function portOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match?.[1] !== undefined) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`a benchmark server exited with ${code}`)));
  });
}

async function httpRound(port: number, seconds: number): Promise<{ perSecond: number; errors: number }> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/mcp`,
    method: 'POST',
    body: call(1),
    headers,
    connections,
    duration: seconds,
  });
  return { perSecond: result.requests.total / seconds, errors: result.errors + result.non2xx };
}

/** One call in flight at a time for `seconds`: round trips per second. */
function stdioRound(child: ChildProcess, seconds: number): Promise<{ perSecond: number; errors: number }> {
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  let id = 0;
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  return new Promise((resolve) => {
    lines.on('line', (line) => {
      if (!line.includes('"hello"')) errors++;
      if (performance.now() < until) child.stdin?.write(`${call(++id)}\n`);
      else {
        lines.close();
        resolve({ perSecond: id / ((performance.now() - started) / 1000), errors });
      }
    });
    child.stdin?.write(`${call(++id)}\n`);
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function compare(
  transport: McpMeasure['transport'],
  round: (index: number) => Promise<{ perSecond: number; errors: number }>,
): Promise<McpMeasure[]> {
  const results: { perSecond: number; errors: number }[][] = servers.map(() => []);
  for (let index = 0; index < rounds; index++) {
    for (let step = 0; step < servers.length; step++) {
      const server = (index + step) % servers.length;
      results[server]?.push(await round(server));
    }
  }
  const ratios =
    results[0]?.map((ours, index) => ours.perSecond / (results[1]?.[index]?.perSecond ?? Number.NaN)) ?? [];
  return servers.map((server, index) => ({
    transport,
    label: server.label,
    perSecond: median((results[index] ?? []).map((result) => result.perSecond)),
    errors: (results[index] ?? []).reduce((sum, result) => sum + result.errors, 0),
    ...(index === 0 ? { ratio: median(ratios) } : {}),
  }));
}

export async function measureMcp(): Promise<McpMeasure[]> {
  const children: ChildProcess[] = [];
  try {
    const http = servers.map((server) => start(server.script, 'http'));
    children.push(...http);
    const ports = await Promise.all(http.map(portOf));
    for (const port of ports) await httpRound(port, 1); // warm-up
    const overHttp = await compare('Streamable HTTP', (server) => httpRound(ports[server] as number, httpSeconds));
    const stdio = servers.map((server) => start(server.script, 'stdio'));
    children.push(...stdio);
    for (const child of stdio) await stdioRound(child, 1); // warm-up
    const overStdio = await compare('stdio', (server) => stdioRound(stdio[server] as ChildProcess, stdioSeconds));
    return [...overHttp, ...overStdio];
  } finally {
    for (const child of children) child.kill();
  }
}

export function mcpSection(rows: readonly McpMeasure[]): string[] {
  return [
    '## MCP `tools/call` (anchor: the official MCP TypeScript SDK v2)',
    '',
    '| transport | server | calls/s | errors | ours / SDK |',
    '| --- | --- | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.transport} | ${row.label} | ${Math.round(row.perSecond).toLocaleString('en-US')} | ${row.errors} | ${row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`} |`,
    ),
    '',
    `One echo tool, 2026-07-28 requests. Each server runs in its own process from the sources (tsx); over HTTP autocannon (${connections} connections) drives it from the benchmark process for ${rounds} rounds of ${httpSeconds} s, over stdio one call is in flight at a time for ${rounds} rounds of ${stdioSeconds} s; the servers take turns and each ratio is the median over rounds. Orkeon's calls cross the invocation pipeline (validation, gate, time limit, truncation, audit, span); the SDK builds a server per HTTP request, as \`createMcpHandler\` does. Goals: at least 2× over HTTP, at least 1× over stdio.`,
    '',
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${mcpSection(await measureMcp()).join('\n')}\n`);
}
