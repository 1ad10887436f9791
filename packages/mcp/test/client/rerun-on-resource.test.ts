import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServe } from '../server/orkeon-process.js';
import { startOrkeonRun } from './orkeon-run.js';

// `orkeon run --rerun-on <server>:<uri>`: a crew run again each time a followed MCP resource
// changes. The server is Orkeon's own (`orkeon mcp serve --http`), whose `set_status` tool
// changes `app://status`; the run is a real `orkeon run` process, stopped with Ctrl+C (SIGINT).

const servedCrew = fileURLToPath(new URL('../server/fixtures/asking-crew.ts', import.meta.url));

let serveFolder: TemporaryDirectory;
let runFolder: TemporaryDirectory;
let model: ScriptedModelServer;
let served: Awaited<ReturnType<typeof startHttpServe>>;

beforeAll(async () => {
  serveFolder = await createTemporaryDirectory();
  runFolder = await createTemporaryDirectory();
  model = await startScriptedModelServer();
  await mkdir(join(serveFolder.path, 'out'));
  served = await startHttpServe([servedCrew, '--mount', './out:/output:rw'], { cwd: serveFolder.path });
  await writeFile(
    join(runFolder.path, 'crew.yaml'),
    `name: reporter
goal: Report the status
agents:
  reporter: { role: Reporter, goal: Report the status }
tasks:
  report: { description: Report the status, expected_output: a report, agent: reporter }
`,
  );
}, 60_000);
afterAll(async () => {
  await served?.stop();
  await model?.close();
  await serveFolder?.remove();
  await runFolder?.remove();
});

function startRun(args: readonly string[]) {
  const run = startOrkeonRun(args, runFolder.path, {
    SVC_Llm__BaseUrl: model.openAiBaseUrl,
    SVC_Llm__Model: 'scripted',
    SVC_Llm__MaxRetries: '0',
  });
  run.child.stdin.end();
  return run;
}

async function until(condition: () => boolean, what: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('orkeon run --rerun-on', () => {
  it('runs the crew again when the followed resource changes, until Ctrl+C', async () => {
    await writeFile(
      join(runFolder.path, 'appsettings.json'),
      JSON.stringify({ MCP: { Servers: { desk: { Transport: 'Http', Url: served.url } } } }),
    );
    model.enqueue({ text: 'The status is open.' }, { text: 'The status is busy.' });
    const run = startRun(['crew.yaml', '--rerun-on', 'desk:app://status']);
    await until(
      () => run.output.stdout.includes('The status is open.'),
      () => run.output.stderr,
    );

    const client = new Client({ name: 'changer', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    await client.callTool({ name: 'set_status', arguments: { status: 'busy' } });
    await client.close();

    await until(
      () => run.output.stdout.includes('The status is busy.'),
      () => run.output.stderr,
    );
    expect(run.output.stderr).toContain('orkeon: app://status on desk changed; running the crew again (Ctrl+C stops)');
    expect(run.output.stdout.match(/=== Crew Output ===/g)).toHaveLength(2);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
  }, 90_000);

  it('a trigger that cannot be followed stops the start with the cause', async () => {
    await writeFile(
      join(runFolder.path, 'appsettings.json'),
      JSON.stringify({ MCP: { Servers: { desk: { Transport: 'Http', Url: served.url } } } }),
    );
    const unknown = startRun(['crew.yaml', '--rerun-on', 'docs:notes://today']);
    expect(await unknown.exited).toBe(1);
    expect(unknown.output.stderr).toContain(
      "--rerun-on names the MCP server 'docs', which is not configured (MCP:Servers: desk)",
    );

    const malformed = startRun(['crew.yaml', '--rerun-on', 'app://status']);
    expect(await malformed.exited).toBe(1);
    expect(malformed.output.stderr).toContain('--rerun-on takes <server-id>:<resource-uri>');

    const missing = startRun(['crew.yaml', '--rerun-on', 'desk:app://nothing']);
    expect(await missing.exited).toBe(1);
    expect(missing.output.stderr).toContain("--rerun-on cannot follow 'app://nothing' on the MCP server 'desk'");
    expect(missing.output.stderr).toContain("Resource not found: 'app://nothing'");
  }, 90_000);
});
