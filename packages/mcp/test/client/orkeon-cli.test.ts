import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { counted, everythingServerPath, modernServerPath, startsIn } from './client-fixtures.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const bin = join(root, 'packages/cli/src/bin.ts');

/** Runs a real `orkeon` process from the sources, as `./orkeon` does. */
function orkeon(args: readonly string[], cwd: string, environment: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@orkeon/source',
      '--import',
      pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
      bin,
      ...args,
    ],
    { cwd, env: { PATH: process.env.PATH ?? '', ...environment }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

let folder: TemporaryDirectory;
let model: ScriptedModelServer;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
  model = await startScriptedModelServer();
});
afterEach(async () => {
  await model.close();
  await folder.remove();
});

const modern = { Command: process.execPath, Args: [modernServerPath, 'stdio'] };

async function writeSettings(servers: Record<string, unknown>): Promise<void> {
  await writeFile(join(folder.path, 'appsettings.json'), JSON.stringify({ MCP: { Servers: servers } }));
}

describe('orkeon with MCP servers', () => {
  it('orkeon run: an agent naming mcp:<server-id> calls the server’s tool through the pipeline', async () => {
    await writeSettings({ modern });
    await writeFile(
      join(folder.path, 'crew.yaml'),
      `name: mcp-crew
goal: Use an MCP tool
agents:
  caller: { role: Caller, goal: Call tools, tools: [mcp:modern] }
tasks:
  shout: { description: Shout hi, expected_output: the shout, agent: caller }
`,
    );
    model.enqueue(
      { toolCalls: [{ name: 'shout', arguments: { text: 'hi there' } }] },
      { text: 'The server said HI THERE' },
    );
    const result = await orkeon(['run', 'crew.yaml', '--events', 'jsonl'], folder.path, {
      SVC_Llm__BaseUrl: model.openAiBaseUrl,
      SVC_Llm__Model: 'scripted',
      SVC_Llm__MaxRetries: '0',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const offered = (model.requests[0]?.body?.tools ?? []) as { function: { name: string } }[];
    expect(offered.map((tool) => tool.function.name)).toEqual(expect.arrayContaining(['echo', 'shout']));
    expect(JSON.stringify(model.requests[1]?.body?.messages)).toContain('HI THERE');
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.find((event) => event.kind === 'tool.returned')).toMatchObject({
      toolName: 'shout',
      outcome: 'Success',
    });
  }, 60_000);

  it('orkeon run: mcp:<unknown> fails the load naming the groups there are', async () => {
    await writeSettings({ modern });
    await writeFile(
      join(folder.path, 'crew.yaml'),
      `name: mcp-crew
goal: Use an MCP tool
agents:
  caller: { role: Caller, goal: Call tools, tools: [mcp:nothing] }
tasks:
  shout: { description: Shout hi, expected_output: the shout, agent: caller }
`,
    );
    const result = await orkeon(['run', 'crew.yaml'], folder.path);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("unknown tool 'mcp:nothing'");
    expect(result.stderr).toContain('mcp:modern');
  }, 60_000);

  it('orkeon mcp list shows each server’s revision and tools, or why it is not connected', async () => {
    await writeSettings({ modern, broken: { Command: '/nonexistent/server' } });
    const all = await orkeon(['mcp', 'list'], folder.path);
    expect(all.code).toBe(2);
    expect(all.stdout).toContain(`modern  Stdio  ${process.execPath} ${modernServerPath} stdio`);
    expect(all.stdout).toContain('  revision 2026-07-28 (modern), server modern-fixture 2.0.0');
    expect(all.stdout).toContain('    echo  read\n    shout  write\n');
    expect(all.stdout).toMatch(
      /broken {2}Stdio {2}\/nonexistent\/server\n {2}not connected: Could not connect to MCP server 'broken'/,
    );

    const one = await orkeon(['mcp', 'list', 'modern'], folder.path);
    expect(one.code).toBe(0);
    expect(one.stdout).not.toContain('broken');

    const unknown = await orkeon(['mcp', 'list', 'nope'], folder.path);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No MCP server 'nope' in MCP:Servers; configured: modern, broken.");
  }, 60_000);

  it('orkeon mcp list and orkeon doctor start each stdio server once, modern and legacy alike', async () => {
    const modernPids = join(folder.path, 'modern.pids');
    const legacyPids = join(folder.path, 'everything.pids');
    await writeSettings({
      modern: counted(modernPids, modern),
      everything: counted(legacyPids, { Command: process.execPath, Args: [everythingServerPath, 'stdio'] }),
    });
    const listed = await orkeon(['mcp', 'list'], folder.path);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('  revision 2026-07-28 (modern), server modern-fixture 2.0.0');
    expect(listed.stdout).toContain('  revision 2025-11-25 (legacy)');
    expect(await startsIn(modernPids)).toBe(1);
    expect(await startsIn(legacyPids)).toBe(1);

    const doctor = await orkeon(['doctor', '--json'], folder.path);
    const report = JSON.parse(doctor.stdout) as { checks: { check: string; status: string }[] };
    expect(report.checks.filter((check) => check.check.startsWith('mcp ')).map((check) => check.status)).toEqual([
      'ok',
      'ok',
    ]);
    expect(await startsIn(modernPids)).toBe(2);
    expect(await startsIn(legacyPids)).toBe(2);
  }, 60_000);

  it('orkeon doctor connects to each server and reports ok or the cause', async () => {
    await writeSettings({ modern, broken: { Command: '/nonexistent/server' } });
    const result = await orkeon(['doctor', '--json'], folder.path);
    const report = JSON.parse(result.stdout) as {
      checks: { check: string; status: string; detail: string; code?: string }[];
    };
    expect(report.checks).toContainEqual({
      check: 'mcp modern',
      status: 'ok',
      detail: 'revision 2026-07-28 (modern), 4 tool(s)',
    });
    const broken = report.checks.find((check) => check.check === 'mcp broken');
    expect(broken?.status).toBe('fail');
    expect(broken?.code).toBe('MCP_SERVER_CONNECT_FAILED');
    expect(broken?.detail).toContain("Could not connect to MCP server 'broken'");
    expect(result.code).toBe(1);
  }, 60_000);

  it('a bad MCP setting stops the start with one line naming the key', async () => {
    await writeSettings({ web: { Transport: 'Http' } });
    const result = await orkeon(['mcp', 'list'], folder.path);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('MCP:Servers:web:Url');

    await writeSettings({ modern: { ...modern, ProtocolVersion: '2025-03-26' } });
    const pinned = await orkeon(['mcp', 'list'], folder.path);
    expect(pinned.code).toBe(1);
    expect(pinned.stderr).toContain('Setting \'MCP:Servers:modern:ProtocolVersion\' = "2025-03-26"');
    expect(pinned.stderr).toContain('Allowed: one of "2026-07-28", "2025-11-25", "2025-06-18", "2024-11-05".');
  }, 60_000);
});
