// One file over 300 lines: the servers, the pinned rounds taken in turn and the report belong to one
// measurement, whose method the report describes; the servers it starts live in bench/a2a-servers/.
// A2A send throughput and latency for an echo agent. Orkeon's server answers A2A v1.0
// (`SendMessage` over JSON-RPC and `message:send` over HTTP+JSON, task records in memory or in
// SQLite) and its seed dialect (`tasks/send`, persistence off and on SQLite); the anchor is
// @a2a-js/sdk's Express server (JSON-RPC and REST, InMemoryTaskStore) answering the same message
// with the same completed task, and the ceiling a bare node:http JSON echo. Each server runs in
// its own processes; autocannon drives them from this one, over loopback.
//
// Steadiness, on a small machine other work shares:
// - The servers take turns in many short rounds, each round starting with another server, so
//   a slow spell lands on all of them; a ratio is the median over rounds of two servers'
//   requests/s in the same round, never a ratio of two medians.
// - Two processes of one server differ by up to a tenth (code placement, hash seeds, JIT
//   timing), so each server runs in several processes and the rounds cycle through them.
// - With `taskset` and 2 or more CPUs, the servers are pinned to the last CPU and this process
//   (the load generator) to the first, so a server never shares its core with autocannon
//   (ORKEON_BENCH_PIN=0 turns it off).
// - Beside requests/s, the server's own CPU time per request (from /proc, GC threads included)
//   is reported: it depends less on how much of the machine the server got, so its ratio is a
//   second, steadier reading of each goal.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const processesPerServer = 4;
const rounds = 32;
const roundSeconds = 1;
const warmUpSeconds = 2;
const connections = 16;

/** The servers and the load generator, each on its own core, when the machine allows it. */
const pinning = pinningPlan();

interface ServerCase {
  readonly label: string;
  readonly script: string;
  readonly args: readonly string[];
  readonly path: string;
  readonly body: string;
  readonly headers?: Record<string, string>;
}

const v1Message = { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hello' }] } };
const jsonRpcSend = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: v1Message });
const v1Headers = { 'A2A-Version': '1.0' };
const seedBody = JSON.stringify({ skillId: 'echo', input: 'hello' });

const bare = 0;
const sdkJsonRpc = 1;
const sdkRest = 2;
const cases: readonly ServerCase[] = [
  {
    label: 'bare node:http echo (ceiling)',
    script: './a2a-servers/bare-echo.ts',
    args: [],
    path: '/',
    body: JSON.stringify({ input: 'hello' }),
  },
  {
    label: '@a2a-js/sdk 1.3, JSON-RPC `SendMessage`',
    script: './a2a-servers/sdk-echo.ts',
    args: ['jsonrpc'],
    path: '/a2a',
    body: jsonRpcSend,
    headers: v1Headers,
  },
  {
    label: '@a2a-js/sdk 1.3, HTTP+JSON `message:send`',
    script: './a2a-servers/sdk-echo.ts',
    args: ['rest'],
    path: '/a2a/message:send',
    body: JSON.stringify(v1Message),
    headers: { ...v1Headers, 'content-type': 'application/a2a+json' },
  },
  {
    label: 'orkeon v1.0, JSON-RPC `SendMessage`',
    script: './a2a-servers/orkeon-echo.ts',
    args: ['memory'],
    path: '/a2a/jsonrpc',
    body: jsonRpcSend,
    headers: v1Headers,
  },
  {
    label: 'orkeon v1.0, HTTP+JSON `message:send`',
    script: './a2a-servers/orkeon-echo.ts',
    args: ['memory'],
    path: '/a2a/v1/message:send',
    body: JSON.stringify(v1Message),
    headers: { ...v1Headers, 'content-type': 'application/a2a+json' },
  },
  {
    label: 'orkeon v1.0, JSON-RPC `SendMessage`, task records in SQLite',
    script: './a2a-servers/orkeon-echo.ts',
    args: ['sqlite'],
    path: '/a2a/jsonrpc',
    body: jsonRpcSend,
    headers: v1Headers,
  },
  {
    label: 'orkeon seed `tasks/send`, persistence off',
    script: './a2a-servers/orkeon-echo.ts',
    args: ['memory'],
    path: '/a2a/tasks/send',
    body: seedBody,
  },
  {
    label: 'orkeon seed `tasks/send`, persistence on SQLite',
    script: './a2a-servers/orkeon-echo.ts',
    args: ['sqlite'],
    path: '/a2a/tasks/send',
    body: seedBody,
  },
  {
    label: 'Fastify echo (the framework’s ceiling)',
    script: './a2a-servers/fastify-echo.ts',
    args: [],
    path: '/',
    body: JSON.stringify({ input: 'hello' }),
  },
];

/** What the issue asks of each Orkeon path: a ratio of two rows in the same round, at least `goal`. */
const goals: readonly {
  readonly label: string;
  readonly row: number;
  readonly anchor: number;
  readonly goal: number;
}[] = [
  { label: 'v1.0 JSON-RPC `SendMessage` ÷ SDK JSON-RPC', row: 3, anchor: sdkJsonRpc, goal: 3 },
  { label: 'v1.0 HTTP+JSON `message:send` ÷ SDK HTTP+JSON', row: 4, anchor: sdkRest, goal: 3 },
  { label: 'v1.0 JSON-RPC `SendMessage` ÷ bare ceiling', row: 3, anchor: bare, goal: 0.8 },
  { label: 'v1.0 HTTP+JSON `message:send` ÷ bare ceiling', row: 4, anchor: bare, goal: 0.8 },
  { label: 'seed `tasks/send` ÷ bare ceiling', row: 6, anchor: bare, goal: 0.8 },
  { label: 'seed `tasks/send` on SQLite ÷ SDK JSON-RPC (in memory)', row: 7, anchor: sdkJsonRpc, goal: 2 },
  { label: 'seed `tasks/send` on SQLite ÷ SDK HTTP+JSON (in memory)', row: 7, anchor: sdkRest, goal: 2 },
  { label: 'v1.0 `SendMessage` on SQLite ÷ SDK JSON-RPC (in memory)', row: 5, anchor: sdkJsonRpc, goal: 2 },
];

export interface A2ARow {
  readonly label: string;
  /** Median round. */
  readonly requestsPerSecond: number;
  readonly p50Milliseconds: number;
  readonly p99Milliseconds: number;
  readonly errors: number;
  /** The server process's CPU time (user + system, all its threads) per request, median round, in µs. */
  readonly cpuMicrosecondsPerRequest: number;
  /** The server process's CPU time over the round's wall time, median round: near 1 when the server is the limit. */
  readonly serverCpuShare: number;
  /** Response bytes (headers included) per request: both sides of a ratio answer alike. */
  readonly bytesPerResponse: number;
  /** Median over rounds of this row's requests/s ÷ the other one's in the same round. */
  readonly ratioToBare: number;
  readonly ratioToSdkJsonRpc: number;
  readonly ratioToSdkRest: number;
}

export interface A2AGoal {
  readonly label: string;
  readonly goal: number;
  /** Median over rounds of requests/s ÷ the anchor's in the same round. */
  readonly ratio: number;
  /** The middle half of the rounds' ratios (first to third quartile): how much they scatter. */
  readonly low: number;
  readonly high: number;
  /** The same ratio from CPU time per request (anchor's ÷ ours), median over rounds. */
  readonly cpuRatio: number;
  /** The median ratio over the even rounds and over the odd ones: how far two half-runs agree. */
  readonly halves: readonly [number, number];
}

export interface A2AMeasure {
  readonly rows: readonly A2ARow[];
  readonly goals: readonly A2AGoal[];
  readonly pinned: boolean;
  /** The machine's 1-minute load average when the rounds began and when they ended. */
  readonly loadAverage: readonly [number, number];
}

const loader = pathToFileURL(fileURLToPath(new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;

interface Started {
  readonly child: ChildProcess;
  readonly port: number;
}

function startServer(server: ServerCase): Promise<Started> {
  // No @orkeon/source condition: the servers run the built packages (dist/), as users do.
  const node = [
    process.execPath,
    '--import',
    loader,
    fileURLToPath(new URL(server.script, import.meta.url)),
    ...server.args,
  ];
  const [command, ...args] =
    pinning === undefined ? node : ['taskset', '--cpu-list', String(pinning.serverCpu), ...node];
  const child = spawn(command as string, args, { stdio: ['ignore', 'pipe', 'inherit'] });
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
  readonly cpuMicrosecondsPerRequest: number;
  readonly serverCpuShare: number;
  readonly bytesPerResponse: number;
}

async function load(server: ServerCase, started: Started, seconds: number): Promise<Round> {
  const cpuBefore = cpuMicroseconds(started.child.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${started.port}${server.path}`,
    method: 'POST',
    body: server.body,
    headers: { 'content-type': 'application/json', ...server.headers },
    connections,
    duration: seconds,
  });
  const cpuAfter = cpuMicroseconds(started.child.pid);
  const total = Math.max(result.requests.total, 1);
  return {
    requestsPerSecond: result.requests.total / seconds,
    p50Milliseconds: result.latency.p50,
    p99Milliseconds: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMicrosecondsPerRequest: (cpuAfter - cpuBefore) / total,
    serverCpuShare: (cpuAfter - cpuBefore) / (seconds * 1e6),
    bytesPerResponse: result.throughput.total / total,
  };
}

const ticksPerSecond = clockTicks();

/** User + system CPU time of a process so far (all its threads), from /proc; NaN elsewhere. */
function cpuMicroseconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces, inside parentheses).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
  } catch {
    return Number.NaN;
  }
}

function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

export function pinningPlan(): { serverCpu: number; loadCpu: number } | undefined {
  if (process.env.ORKEON_BENCH_PIN === '0' || availableParallelism() < 2) return undefined;
  try {
    // `taskset -p` shows the CPUs this process may use, e.g. "…current affinity list: 0,1" or "0-3".
    const listed = execFileSync('taskset', ['--cpu-list', '--pid', String(process.pid)], { encoding: 'utf8' });
    const cpus = (listed.split(':').at(-1) ?? '')
      .trim()
      .split(',')
      .flatMap((range) => {
        const [from, to] = range.split('-').map(Number);
        if (from === undefined || Number.isNaN(from)) return [];
        return Array.from({ length: (to ?? from) - from + 1 }, (_, index) => from + index);
      });
    const [first, last] = [cpus[0], cpus.at(-1)];
    return first === undefined || last === undefined || first === last
      ? undefined
      : { serverCpu: last, loadCpu: first };
  } catch {
    return undefined;
  }
}

/** Pins every thread of this process to one CPU; the result puts the old affinity back. */
export function pinSelf(cpu: number): () => void {
  const pid = String(process.pid);
  const before = (
    execFileSync('taskset', ['--cpu-list', '--pid', pid], { encoding: 'utf8' }).split(':').at(-1) ?? ''
  ).trim();
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', String(cpu), pid], { stdio: 'ignore' });
  return () => execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', before, pid], { stdio: 'ignore' });
}

function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

function quantile(values: readonly number[], q: number): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const below = sorted[Math.floor(position)] as number;
  const above = sorted[Math.ceil(position)] as number;
  return below + (above - below) * (position - Math.floor(position));
}

export async function measureA2A(): Promise<A2AMeasure> {
  const started: Started[][] = [];
  const unpin = pinning === undefined ? undefined : pinSelf(pinning.loadCpu);
  try {
    for (const server of cases) {
      const processes: Started[] = [];
      started.push(processes);
      for (let copy = 0; copy < processesPerServer; copy++) processes.push(await startServer(server));
    }
    for (const [index, server] of cases.entries()) {
      for (const copy of started[index] ?? []) await load(server, copy, warmUpSeconds);
    }
    const results: Round[][] = cases.map(() => []);
    const loadBefore = loadavg()[0] ?? Number.NaN;
    for (let round = 0; round < rounds; round++) {
      // Each round starts with a different server, so none always runs first or last.
      for (let step = 0; step < cases.length; step++) {
        const index = (round + step) % cases.length;
        const server = cases[index] as ServerCase;
        const copy = started[index]?.[round % processesPerServer] as Started;
        results[index]?.push(await load(server, copy, roundSeconds));
      }
    }
    const ratios = (row: number, anchor: number) =>
      (results[row] ?? []).map(
        (own, round) => own.requestsPerSecond / (results[anchor]?.[round]?.requestsPerSecond ?? Number.NaN),
      );
    const cpuRatios = (row: number, anchor: number) =>
      (results[row] ?? []).map(
        (own, round) =>
          (results[anchor]?.[round]?.cpuMicrosecondsPerRequest ?? Number.NaN) / own.cpuMicrosecondsPerRequest,
      );
    const rows = cases.map((server, index): A2ARow => {
      const own = results[index] ?? [];
      const middle = median(own.map((row) => row.requestsPerSecond));
      const typical = own.find((row) => row.requestsPerSecond === middle) ?? own[0];
      return {
        label: server.label,
        requestsPerSecond: middle,
        p50Milliseconds: typical?.p50Milliseconds ?? 0,
        p99Milliseconds: typical?.p99Milliseconds ?? 0,
        errors: own.reduce((sum, row) => sum + row.errors, 0),
        cpuMicrosecondsPerRequest: median(own.map((row) => row.cpuMicrosecondsPerRequest)),
        serverCpuShare: median(own.map((row) => row.serverCpuShare)),
        bytesPerResponse: median(own.map((row) => row.bytesPerResponse)),
        ratioToBare: median(ratios(index, bare)),
        ratioToSdkJsonRpc: median(ratios(index, sdkJsonRpc)),
        ratioToSdkRest: median(ratios(index, sdkRest)),
      };
    });
    return {
      rows,
      goals: goals.map((goal) => {
        const each = ratios(goal.row, goal.anchor);
        return {
          label: goal.label,
          goal: goal.goal,
          ratio: median(each),
          low: quantile(each, 0.25),
          high: quantile(each, 0.75),
          cpuRatio: median(cpuRatios(goal.row, goal.anchor)),
          halves: [
            median(each.filter((_, round) => round % 2 === 0)),
            median(each.filter((_, round) => round % 2 === 1)),
          ],
        };
      }),
      pinned: pinning !== undefined,
      loadAverage: [loadBefore, loadavg()[0] ?? Number.NaN],
    };
  } finally {
    unpin?.();
    for (const { child } of started.flat()) child.kill('SIGTERM');
  }
}

/** What the Fastify row says of the 0.8× goals: no route served through Fastify does better than Fastify's echo. */
function frameworkCeiling(measure: A2AMeasure): string {
  const fastify = measure.rows.at(-1)?.ratioToBare ?? Number.NaN;
  const reach = `The last row is the ceiling’s echo behind Fastify 5, the A2A server’s HTTP framework, with its defaults: its ${fastify.toFixed(2)}× of the bare ceiling is the most a route served through Fastify can reach`;
  return fastify < 0.8
    ? `${reach}, so no route of the A2A server can meet the 0.8× goals while it runs on Fastify.`
    : `${reach}.`;
}

export function a2aSection(measure: A2AMeasure, when?: string): string[] {
  const times = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(2)}×`);
  return [
    '## A2A send (anchor: @a2a-js/sdk 1.3; ceiling: bare node:http)',
    '',
    ...(when === undefined ? [] : [when, '']),
    '| server | requests/s | p50 ms | p99 ms | errors | server CPU µs / request | server CPU busy | bytes / answer | ÷ SDK JSON-RPC | ÷ SDK HTTP+JSON | ÷ bare |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...measure.rows.map(
      (row) =>
        `| ${row.label} | ${Math.round(row.requestsPerSecond).toLocaleString('en-US')} | ${row.p50Milliseconds} | ${row.p99Milliseconds} | ${row.errors} | ${Math.round(row.cpuMicrosecondsPerRequest)} | ${Math.round(row.serverCpuShare * 100)} % | ${Math.round(row.bytesPerResponse)} | ${times(row.ratioToSdkJsonRpc)} | ${times(row.ratioToSdkRest)} | ${times(row.ratioToBare)} |`,
    ),
    '',
    '| goal | requests/s ratio (median) | middle half of the rounds | even / odd rounds | from CPU time per request | goal | met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | :---: |',
    ...measure.goals.map(
      (goal) =>
        `| ${goal.label} | ${times(goal.ratio)} | ${goal.low.toFixed(2)}–${goal.high.toFixed(2)} | ${goal.halves[0].toFixed(2)} / ${goal.halves[1].toFixed(2)} | ${times(goal.cpuRatio)} | ≥ ${goal.goal}× | ${goal.ratio >= goal.goal ? '✓' : '✗'} |`,
    ),
    '',
    'The goals (issue, item 8): v1.0 `SendMessage` at least 3× the SDK and at least 0.8× the bare ceiling; the seed’s `tasks/send` at least 0.8× the ceiling; the durable seed path (SQLite) at least 2× the SDK in memory. “The SDK” is the SDK answering in the same binding; the seed dialect has none in the SDK, so its rows are held against both of the SDK’s. The durable v1.0 path (SQLite) is held to the durable seed path’s goal. A goal is met when the median ratio over rounds reaches it. ' +
      frameworkCeiling(measure),
    '',
    `What runs: a local echo agent behind each server, and a blocking send of one text message. Orkeon’s v1.0 rows answer the completed task (its history, one text artifact); the task is written once, \`COMPLETED\` with the artifact, to Orkeon’s task records (in memory, or in SQLite through \`addSvcA2ATaskPersistence\` over \`SqliteDocumentStore\`): a blocking send without a webhook writes its task when it ends, since until the answer no one else knows its id (docs/a2a.md, Records); the stream events (\`WORKING\`, the artifact, \`COMPLETED\`) go to whoever follows the task. The SDK’s executor does the same work through \`DefaultRequestHandler\` and its \`InMemoryTaskStore\`: it publishes the \`WORKING\` task (the message in its history), the answer as an artifact, then \`COMPLETED\`, and the SDK answers the task; the answer bodies of both are the same JSON to the byte in length (Express adds \`X-Powered-By\` and \`ETag\` headers, hence the larger bytes per answer). The seed rows answer the seed dialect’s task result (persistence off, and on SQLite). The ceiling parses the JSON body and answers a small JSON object.`,
    '',
    `How: every server runs in its own processes, Orkeon’s from the built packages (\`npm run bench\` builds first). autocannon (${connections} connections, keep-alive) drives them from the benchmark process over loopback. ${measure.pinned ? 'With `taskset`, the servers run on the last CPU and the benchmark process (the load generator, all its threads) on the first, so a server never shares its core with autocannon and every server gets the same core.' : 'Without `taskset` pinning (not available, or `ORKEON_BENCH_PIN=0`), the servers and autocannon share the cores.'} Each server runs in ${processesPerServer} processes (two processes of one server differ by up to a tenth: code placement, hash seeds, JIT timing), each warmed up for ${warmUpSeconds} s; then the servers take turns for ${rounds} rounds of ${roundSeconds} s, each round starting with the next server and using the next of its processes, so two servers compared are measured seconds apart and a slow spell of the machine lands on both. A row shows its median round (latencies of that round); a ratio is the median over rounds of the two servers’ requests/s in the same round, and the goal table shows how the rounds’ ratios scatter (first to third quartile).`,
    '',
    `Server CPU is the server process’s user + system time over the round (all its threads, GC included, from \`/proc\`): per request, and as a share of one core. A server near 100 % is the limit of its row; one well below it waits for requests, so its row measures the load generator more than the server: the bare ceiling is such a row (a single autocannon cannot drive it to a full core), so “÷ bare” is a share of what one load generator on one core can drive. CPU time per request moves less than requests/s when other work shares the machine, though it moves too (shared caches, a busy sibling hyperthread, and a server that waits handles fewer requests per wake-up), so the goal table gives the same ratio from it (the anchor’s CPU per request ÷ ours) as a second reading; requests/s is the goal itself.`,
    '',
    `Steadiness: the issue asks that two runs of one commit agree within a tenth. What serves it here: the pinning (a server’s core is the same in every round and never autocannon’s), several processes per server (their differences average out), many short rounds taken in turn (the two servers of a ratio are measured seconds apart) and medians over rounds, not means. The “even / odd rounds” column splits the run in two and gives each half’s median ratio: two halves that differ by more than a tenth say that this run could not settle the ratio to a tenth either. When this method was set up (2026-11-26, other engineers’ test runs sharing the machine, load average 3 to 5), two runs a few minutes apart gave requests/s ratios 7 % to 30 % apart and CPU-time ratios at most 9 % apart: on a shared machine read the CPU-time column for the trend, and run again on a quiet one before calling a goal met or missed by a tenth. The machine’s 1-minute load average was ${measure.loadAverage[0].toFixed(1)} when the rounds began and ${measure.loadAverage[1].toFixed(1)} when they ended (${availableParallelism()} CPUs; the benchmark itself keeps about 2 busy). Run only this section with \`npm run bench -- a2a\`; profile a server under the same load with \`node --import tsx bench/a2a-profile.ts jsonrpc\` (after \`npm run build\`), which summarises its \`--cpu-prof\` profile with \`bench/cpuprofile-summary.ts\`.`,
    '',
  ];
}
