// Profiles one A2A benchmark server under load: the server runs with `node --cpu-prof` (from the
// built packages, as in a2a.ts), autocannon drives it for a warm-up and then for the measured
// time, the server exits and its profile is summarised (bench/cpuprofile-summary.ts).
// `npm run build && node --import tsx bench/a2a-profile.ts [jsonrpc|http-json|seed|jsonrpc-sqlite|seed-sqlite|sdk-jsonrpc] [seconds]`
// The .cpuprofile stays in a temporary folder (printed) for a closer look in Chrome DevTools.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { pinningPlan, pinSelf } from './a2a.js';
import { formatSummary, summariseProfile } from './cpuprofile-summary.js';

const message = { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hello' }] } };
const jsonRpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: message });
const targets = {
  jsonrpc: {
    script: 'orkeon-echo.ts',
    args: ['memory'],
    path: '/a2a/jsonrpc',
    body: jsonRpc,
    type: 'application/json',
  },
  'jsonrpc-sqlite': {
    script: 'orkeon-echo.ts',
    args: ['sqlite'],
    path: '/a2a/jsonrpc',
    body: jsonRpc,
    type: 'application/json',
  },
  'http-json': {
    script: 'orkeon-echo.ts',
    args: ['memory'],
    path: '/a2a/v1/message:send',
    body: JSON.stringify(message),
    type: 'application/a2a+json',
  },
  seed: {
    script: 'orkeon-echo.ts',
    args: ['memory'],
    path: '/a2a/tasks/send',
    body: JSON.stringify({ skillId: 'echo', input: 'hello' }),
    type: 'application/json',
  },
  'seed-sqlite': {
    script: 'orkeon-echo.ts',
    args: ['sqlite'],
    path: '/a2a/tasks/send',
    body: JSON.stringify({ skillId: 'echo', input: 'hello' }),
    type: 'application/json',
  },
  'sdk-jsonrpc': { script: 'sdk-echo.ts', args: ['jsonrpc'], path: '/a2a', body: jsonRpc, type: 'application/json' },
} as const;

const [name = 'jsonrpc', seconds = '10'] = process.argv.slice(2);
const target = targets[name as keyof typeof targets];
if (target === undefined) {
  process.stderr.write(`Unknown target ${name}; the targets are ${Object.keys(targets).join(', ')}.\n`);
  process.exit(2);
}

const folder = mkdtempSync(join(tmpdir(), 'orkeon-a2a-profile-'));
const loader = pathToFileURL(fileURLToPath(new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;
// As in a2a.ts: the server on one core, autocannon (this process) on another, when taskset allows.
const pinning = pinningPlan();
const unpin = pinning === undefined ? undefined : pinSelf(pinning.loadCpu);
const spawnedAt = performance.now();
const child = spawn(
  pinning === undefined ? process.execPath : 'taskset',
  [
    ...(pinning === undefined ? [] : ['--cpu-list', String(pinning.serverCpu), process.execPath]),
    '--cpu-prof',
    `--cpu-prof-dir=${folder}`,
    '--import',
    loader,
    fileURLToPath(new URL(`./a2a-servers/${target.script}`, import.meta.url)),
    ...target.args,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const port = await new Promise<number>((resolve, reject) => {
  child.stdout?.on('data', (chunk) => {
    const match = /listening (\d+)/.exec(String(chunk));
    if (match?.[1] !== undefined) resolve(Number(match[1]));
  });
  child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
});
const drive = (duration: number) =>
  autocannon({
    url: `http://127.0.0.1:${port}${target.path}`,
    method: 'POST',
    body: target.body,
    headers: { 'content-type': target.type, 'A2A-Version': '1.0' },
    connections: 16,
    duration,
  });
await drive(3);
const measuredFrom = performance.now() - spawnedAt;
const result = await drive(Number(seconds));
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
unpin?.();
const file = readdirSync(folder).find((entry) => entry.endsWith('.cpuprofile'));
if (file === undefined) throw new Error(`No profile was written in ${folder}.`);
const pinned =
  pinning === undefined ? '' : `, server pinned to CPU ${pinning.serverCpu}, autocannon to CPU ${pinning.loadCpu}`;
process.stdout.write(
  `${name}: ${Math.round(result.requests.total / Number(seconds))} requests/s under the profiler, ${result.errors + result.non2xx} errors${pinned}; profile ${join(folder, file)}; the summary leaves out its first ${Math.round(measuredFrom)} ms (start-up, warm-up)\n\n`,
);
const profile = JSON.parse(readFileSync(join(folder, file), 'utf8'));
process.stdout.write(`${formatSummary(summariseProfile(profile, 30, measuredFrom))}\n`);
