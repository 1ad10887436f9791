import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const conformance = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const client = `${process.execPath} --conditions=@orkeon/source --import tsx examples/mcp-conformance-client/client.ts`;

/** Runs one client scenario of the official conformance suite against the example entry point. */
function scenario(name: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [conformance, 'client', '--command', client, '--scenario', name], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

describe('the conformance suite’s client scenarios against examples/mcp-conformance-client', () => {
  it.each(['initialize', 'tools_call'])(
    '%s passes',
    async (name) => {
      const result = await scenario(name);
      expect(result.output).toContain('OVERALL: PASSED');
      expect(result.code).toBe(0);
    },
    60_000,
  );

  it('sse-retry fails by design: its server answers initialize with 2025-03-26, which Orkeon refuses', async () => {
    const result = await scenario('sse-retry');
    expect(result.output).toContain('MCP_PROTOCOL_VERSION_UNSUPPORTED');
    expect(result.output).toContain("Server's protocol version is not supported: 2025-03-26");
  }, 60_000);
});
