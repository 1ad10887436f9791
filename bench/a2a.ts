// tasks/send throughput and latency for an echo agent: Orkeon's server (persistence
// off, and on SQLite) against @a2a-js/sdk's server (Express, JSON-RPC SendMessage,
// echo executor) and a bare node:http JSON echo as the ceiling. Each server runs in
// its own process; autocannon drives it from this one, on loopback, for a bounded time.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const durationSeconds = 5;
const connections = 16;

export interface A2AMeasure {
  readonly label: string;
  readonly requestsPerSecond: number;
  readonly p50Milliseconds: number;
  readonly p99Milliseconds: number;
  readonly errors: number;
}

const loader = pathToFileURL(fileURLToPath(new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;

function startServer(script: string, args: string[] = []): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    // No @orkeon/source condition: the servers run the built packages (dist/), as users do.
    ['--import', loader, fileURLToPath(new URL(script, import.meta.url)), ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match?.[1] !== undefined) resolve({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function load(
  label: string,
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<A2AMeasure> {
  const result = await autocannon({
    url,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    connections,
    duration: durationSeconds,
  });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50Milliseconds: result.latency.p50,
    p99Milliseconds: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function measureA2A(): Promise<A2AMeasure[]> {
  const cases: [string, string, string[], (port: number) => Promise<A2AMeasure>][] = [
    [
      'bare node:http echo (ceiling)',
      './a2a-servers/bare-echo.ts',
      [],
      (port) => load('bare node:http echo (ceiling)', `http://127.0.0.1:${port}/`, JSON.stringify({ input: 'hello' })),
    ],
    [
      '@a2a-js/sdk 1.3 (Express, JSON-RPC)',
      './a2a-servers/sdk-echo.ts',
      [],
      (port) =>
        load(
          '@a2a-js/sdk 1.3 (Express, JSON-RPC)',
          `http://127.0.0.1:${port}/a2a`,
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'SendMessage',
            params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hello' }] } },
          }),
          { 'A2A-Version': '1.0' },
        ),
    ],
    [
      'orkeon, persistence off',
      './a2a-servers/orkeon-echo.ts',
      ['memory'],
      (port) =>
        load(
          'orkeon, persistence off',
          `http://127.0.0.1:${port}/a2a/tasks/send`,
          JSON.stringify({ skillId: 'echo', input: 'hello' }),
        ),
    ],
    [
      'orkeon, persistence on SQLite',
      './a2a-servers/orkeon-echo.ts',
      ['sqlite'],
      (port) =>
        load(
          'orkeon, persistence on SQLite',
          `http://127.0.0.1:${port}/a2a/tasks/send`,
          JSON.stringify({ skillId: 'echo', input: 'hello' }),
        ),
    ],
  ];
  const measures: A2AMeasure[] = [];
  for (const [, script, args, run] of cases) {
    const { child, port } = await startServer(script, args);
    try {
      measures.push(await run(port));
    } finally {
      child.kill('SIGKILL');
    }
  }
  return measures;
}
