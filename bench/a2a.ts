// tasks/send throughput and latency for an echo agent: Orkeon's server (persistence
// off, and on SQLite) against @a2a-js/sdk's server (Express, JSON-RPC SendMessage,
// echo executor) and a bare node:http JSON echo as the ceiling. Each server runs in
// its own process; autocannon drives them from this one, on loopback. The servers take
// turns in several short rounds, so that a slow spell of the machine lands on all of
// them instead of on whichever ran then; each row reports its median round. Two runs of
// the same server in two processes differ by up to a tenth (code placement, hash seeds,
// JIT timing), so each server runs in several processes and the rounds cycle through them.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const processesPerServer = 3;
const rounds = 6;
const roundSeconds = 3;
const warmUpSeconds = 1;
const connections = 16;

export interface A2AMeasure {
  readonly label: string;
  readonly requestsPerSecond: number;
  readonly p50Milliseconds: number;
  readonly p99Milliseconds: number;
  readonly errors: number;
  /** Median over rounds of this row's requests/s divided by the ceiling's in the same round. */
  readonly ceilingRatio: number;
  /** The same against the SDK. */
  readonly sdkRatio: number;
}

interface ServerCase {
  readonly label: string;
  readonly script: string;
  readonly args: readonly string[];
  readonly path: string;
  readonly body: string;
  readonly headers?: Record<string, string>;
}

const taskBody = JSON.stringify({ skillId: 'echo', input: 'hello' });
const cases: readonly ServerCase[] = [
  {
    label: 'bare node:http echo (ceiling)',
    script: './a2a-servers/bare-echo.ts',
    args: [],
    path: '/',
    body: JSON.stringify({ input: 'hello' }),
  },
  {
    label: '@a2a-js/sdk 1.3 (Express, JSON-RPC)',
    script: './a2a-servers/sdk-echo.ts',
    args: [],
    path: '/a2a',
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'SendMessage',
      params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hello' }] } },
    }),
    headers: { 'A2A-Version': '1.0' },
  },
  {
    label: 'orkeon, persistence off',
    script: './a2a-servers/orkeon-echo.ts',
    args: ['memory'],
    path: '/a2a/tasks/send',
    body: taskBody,
  },
  {
    label: 'orkeon, persistence on SQLite',
    script: './a2a-servers/orkeon-echo.ts',
    args: ['sqlite'],
    path: '/a2a/tasks/send',
    body: taskBody,
  },
];

const loader = pathToFileURL(fileURLToPath(new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;

function startServer(server: ServerCase): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    // No @orkeon/source condition: the servers run the built packages (dist/), as users do.
    ['--import', loader, fileURLToPath(new URL(server.script, import.meta.url)), ...server.args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match?.[1] !== undefined) resolve({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`${server.script} exited with ${code}`)));
  });
}

interface Round {
  readonly requestsPerSecond: number;
  readonly p50Milliseconds: number;
  readonly p99Milliseconds: number;
  readonly errors: number;
}

async function load(server: ServerCase, port: number, seconds: number): Promise<Round> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${server.path}`,
    method: 'POST',
    body: server.body,
    headers: { 'content-type': 'application/json', ...server.headers },
    connections,
    duration: seconds,
  });
  return {
    requestsPerSecond: result.requests.total / seconds,
    p50Milliseconds: result.latency.p50,
    p99Milliseconds: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function measureA2A(): Promise<A2AMeasure[]> {
  const started: { child: ChildProcess; port: number }[][] = [];
  try {
    for (const server of cases) {
      const processes: { child: ChildProcess; port: number }[] = [];
      started.push(processes);
      for (let copy = 0; copy < processesPerServer; copy++) processes.push(await startServer(server));
    }
    for (const [index, server] of cases.entries()) {
      for (const { port } of started[index] ?? []) await load(server, port, warmUpSeconds);
    }
    const results: Round[][] = cases.map(() => []);
    for (let round = 0; round < rounds; round++) {
      // Each round starts with a different server, so none always runs first or last.
      for (let step = 0; step < cases.length; step++) {
        const index = (round + step) % cases.length;
        const server = cases[index] as ServerCase;
        const port = started[index]?.[round % processesPerServer]?.port ?? 0;
        results[index]?.push(await load(server, port, roundSeconds));
      }
    }
    const ratioTo = (index: number, anchor: number) =>
      median(
        (results[index] ?? []).map(
          (row, round) => row.requestsPerSecond / (results[anchor]?.[round]?.requestsPerSecond ?? Number.NaN),
        ),
      );
    return cases.map((server, index) => {
      const own = results[index] ?? [];
      const middle = median(own.map((row) => row.requestsPerSecond));
      const typical = own.find((row) => row.requestsPerSecond === middle) ?? own[0];
      return {
        label: server.label,
        requestsPerSecond: middle,
        p50Milliseconds: typical?.p50Milliseconds ?? 0,
        p99Milliseconds: typical?.p99Milliseconds ?? 0,
        errors: own.reduce((sum, row) => sum + row.errors, 0),
        ceilingRatio: ratioTo(index, 0),
        sdkRatio: ratioTo(index, 1),
      };
    });
  } finally {
    for (const { child } of started.flat()) child.kill('SIGTERM');
  }
}
