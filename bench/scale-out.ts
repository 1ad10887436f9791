// Throughput of 1, 2 and 3 `orkeon serve` instances on one PostgreSQL (shared task records and change feed),
// when each task's model call waits 200 ms on the scripted model: the clients keep 64 tasks in flight, spread
// round-robin over the instances, and count the tasks answered per second. Scaling efficiency = the rate of
// N instances ÷ (N × the rate of one). Rounds alternate the instance counts; medians are reported.
// `npm run bench -- scale-out`; alone: `node --conditions=@orkeon/source --import tsx bench/scale-out.ts` (after `npm run build`).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgresServer, startScriptedModelServer } from '@orkeon/testing';

const instanceCounts = [1, 2, 3] as const;
const inFlight = 64;
const tasksPerRound = 960;
const rounds = 3;
const modelWaitMilliseconds = 200;
const cli = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));

export interface ScaleOutRow {
  readonly instances: number;
  readonly tasksPerSecond: number;
  readonly efficiency: number;
  readonly failed: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** One `orkeon serve` of the crew, on the shared schema; resolves with its address once it serves. */
function serve(folder: string, environment: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [cli, 'serve', '.', '--set', 'A2A:Host=127.0.0.1', '--set', 'A2A:Port=0', '--set', 'A2A:RequestTimeoutSeconds=120'],
    { cwd: folder, env: { ...process.env, ...environment }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk) => {
      seen += chunk;
      const match = /serving '[^']+' at (\S+)/.exec(seen);
      if (match?.[1] !== undefined) resolve({ child, url: match[1] });
    });
    child.on('exit', (code) => reject(new Error(`orkeon serve exited with ${code}:\n${seen}`)));
  });
}

/** One task on each instance, so that the measured round finds them ready (connections, first compiles). */
async function warm(urls: readonly string[]): Promise<void> {
  await Promise.all(
    urls.map((url) =>
      fetch(`${url}/a2a/tasks/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ skillId: 'clerk', input: 'Warm up.' }),
      }).then((response) => response.json()),
    ),
  );
}

/** Sends `tasksPerRound` tasks, `inFlight` at a time, round-robin over `urls`; the answered rate. */
async function round(urls: readonly string[]): Promise<{ tasksPerSecond: number; failed: number }> {
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= tasksPerRound) return;
      const response = await fetch(`${urls[index % urls.length]}/a2a/tasks/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ skillId: 'clerk', input: `Question ${index}?` }),
      });
      const result = (await response.json()) as { status?: string };
      if (result.status !== 'Completed') failed++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { tasksPerSecond: tasksPerRound / ((performance.now() - started) / 1000), failed };
}

export async function measureScaleOut(): Promise<ScaleOutRow[]> {
  const database = await startPostgresServer();
  const model = await startScriptedModelServer();
  const folder = await mkdtemp(join(tmpdir(), 'orkeon-scale-out-'));
  await writeFile(
    join(folder, 'crew.yaml'),
    'name: desk\nagents:\n  clerk: { role: Clerk, goal: Answers questions }\ntasks:\n  answer: { description: Answer the question., expected_output: A reply, agent: clerk }\n',
  );
  const rates = new Map<number, number[]>();
  const failures = new Map<number, number>();
  try {
    for (let index = 0; index < rounds; index++)
      for (const count of instanceCounts) {
        const environment = {
          SVC_Llm__BaseUrl: model.openAiBaseUrl,
          SVC_Llm__Model: 'scripted',
          SVC_Llm__MaxRetries: '0',
          SVC_Svc__Checkpointing__Postgres__ConnectionString: database.connectionString,
          SVC_Svc__Checkpointing__Postgres__SchemaName: `scale_${count}_${index}`,
        };
        const servers = await Promise.all(Array.from({ length: count }, () => serve(folder, environment)));
        try {
          model.reset();
          model.enqueue(
            ...Array.from({ length: tasksPerRound + count }, () => ({
              text: 'An answer.',
              delayMilliseconds: modelWaitMilliseconds,
            })),
          );
          const urls = servers.map((server) => server.url);
          await warm(urls);
          const measured = await round(urls);
          rates.set(count, [...(rates.get(count) ?? []), measured.tasksPerSecond]);
          failures.set(count, (failures.get(count) ?? 0) + measured.failed);
        } finally {
          for (const server of servers) server.child.kill('SIGKILL');
        }
      }
  } finally {
    await model.close();
    await database.stop();
    await rm(folder, { recursive: true, force: true });
  }
  const one = median(rates.get(1) ?? []);
  return instanceCounts.map((count) => {
    const rate = median(rates.get(count) ?? []);
    return {
      instances: count,
      tasksPerSecond: rate,
      efficiency: rate / (count * one),
      failed: failures.get(count) ?? 0,
    };
  });
}

export async function scaleOutBenchSection(measuredLine?: string): Promise<string[]> {
  const rows = await measureScaleOut();
  return [
    '## Scale-out (no anchor: raw figures)',
    '',
    ...(measuredLine === undefined ? [] : [measuredLine, '']),
    `\`orkeon serve\` instances on one PostgreSQL, each task's model call waiting ${modelWaitMilliseconds} ms on the scripted model; ${inFlight} tasks in flight, round-robin over the instances, ${tasksPerRound} tasks per round, median of ${rounds} rounds. Scaling efficiency: the rate of N instances ÷ (N × the rate of one).`,
    '',
    `Here the instances share the machine's ${cpus().length} cores with PostgreSQL, the model server and the clients: one instance already keeps them busy at ${inFlight} tasks in flight (the model's wait alone would allow ${Math.round((inFlight * 1000) / modelWaitMilliseconds)} per second), so more instances add coordination and no capacity. The rows show what sharing the store and the change feed costs; the gain of more instances needs more cores or hosts.`,
    '',
    '| instances | tasks per second | scaling efficiency | failed |',
    '| ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) => `| ${row.instances} | ${row.tasksPerSecond.toFixed(0)} | ${row.efficiency.toFixed(2)} | ${row.failed} |`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${(await scaleOutBenchSection()).join('\n')}\n`);
}
