import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every client scenario the official conformance suite lists, against the example entry
// point (Orkeon's McpClient). The list comes from the suite itself, so a new version's
// scenarios are run, not skipped. A scenario outside the baseline that fails, or a baseline
// entry that passes, fails this test.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const conformance = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const client = `${process.execPath} --conditions=@orkeon/source --import tsx examples/mcp-conformance-client/client.ts`;
const environment = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };

/** Only what belongs to the 2025-03-26 revision, which Orkeon never speaks, may fail. */
const mayBeInBaseline = (name: string) => name === 'sse-retry' || name.startsWith('auth/2025-03-26-');

function run(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [conformance, ...args], {
    cwd: root,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

/** The client scenarios of the installed suite, as `conformance list --client` prints them. */
async function listedScenarios(): Promise<string[]> {
  const { output } = await run(['list', '--client']);
  return [...output.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1] as string);
}

async function baseline(): Promise<string[]> {
  const text = await readFile(new URL('../conformance/client-baseline.yml', import.meta.url), 'utf8');
  return [...text.matchAll(/^\s+- (\S+)\s*$/gm)].map((match) => match[1] as string);
}

/** Runs the scenarios, two at a time (the machines have two cores). */
async function runAll(names: readonly string[]): Promise<Map<string, { passed: boolean; output: string }>> {
  const results = new Map<string, { passed: boolean; output: string }>();
  const queue = [...names];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const { code, output } = await run(['client', '--command', client, '--scenario', name]);
      results.set(name, { passed: code === 0 && output.includes('OVERALL: PASSED'), output });
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

describe('the conformance suite’s client scenarios against examples/mcp-conformance-client', () => {
  it('passes every scenario outside the baseline, and fails each one in it for its reason', async () => {
    const [scenarios, expected] = await Promise.all([listedScenarios(), baseline()]);
    expect(scenarios).toEqual(
      expect.arrayContaining(['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry']),
    );
    // The baseline holds only what the contract leaves out, and only scenarios the suite has.
    expect(expected.filter((name) => !mayBeInBaseline(name))).toEqual([]);
    expect(expected.filter((name) => !scenarios.includes(name))).toEqual([]);

    const results = await runAll(scenarios);
    const unexpected = scenarios.filter((name) => !expected.includes(name) && results.get(name)?.passed !== true);
    expect(
      unexpected.map((name) => `${name}:\n${results.get(name)?.output.slice(-2000)}`),
      'scenarios outside the baseline that fail',
    ).toEqual([]);
    // A baseline entry that passes is stale: remove it.
    expect(expected.filter((name) => results.get(name)?.passed === true)).toEqual([]);

    // sse-retry fails for its one reason: the server answers initialize with 2025-03-26, which Orkeon refuses.
    const sseRetry = results.get('sse-retry')?.output ?? '';
    expect(sseRetry).toContain('MCP_PROTOCOL_VERSION_UNSUPPORTED');
    expect(sseRetry).toContain("Server's protocol version is not supported: 2025-03-26");
    // The 2025-03-26 metadata scenario fails on the issuer check, never by sending a credential.
    const backcompat = results.get('auth/2025-03-26-oauth-metadata-backcompat')?.output ?? '';
    expect(backcompat).toContain('MCP_AUTH_FAILED');
    expect(backcompat).toMatch(/Issuer mismatch in authorization server metadata/);
    expect(backcompat).not.toMatch(/\[token-request\s*\] .*SUCCESS/);
  }, 240_000);
});
