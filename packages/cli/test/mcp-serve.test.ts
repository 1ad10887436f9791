import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

let folder: TemporaryDirectory;
beforeAll(async () => {
  folder = await createTemporaryDirectory();
});
afterAll(async () => {
  await folder.remove();
});

/** Runs `orkeon …` from the sources as a real process, feeding `input` to its standard input. */
function orkeon(args: readonly string[], input: string, environment: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@orkeon/source',
      '--import',
      pathToFileURL(`${root}node_modules/tsx/dist/loader.mjs`).href,
      `${root}packages/cli/src/bin.ts`,
      ...args,
    ],
    { cwd: folder.path, env: { PATH: process.env.PATH ?? '', ...environment } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin.end(input);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('orkeon mcp serve', () => {
  it('serves over stdio, writes only protocol lines to stdout, and exits 0 when stdin closes', async () => {
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_mounts', arguments: {} } },
    ];
    const result = await orkeon(
      ['mcp', 'serve', '--tools', 'list_mounts'],
      `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`,
    );
    expect(result.code).toBe(0);
    const answers = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatchObject({
      id: 1,
      result: { protocolVersion: '2025-06-18', serverInfo: { name: 'Orkeon' } },
    });
    expect(answers[1]).toMatchObject({ id: 2, result: { isError: false } });
  });

  it('refuses an unknown --tools name with exit code 1 and a line naming the served tools', async () => {
    const result = await orkeon(['mcp', 'serve', '--tools', 'file_read,no_such_tool'], '');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^orkeon: MCP_SERVE_TOOL_UNKNOWN: --tools names 'no_such_tool', which this server does not have\. Served tools: .*file_read/m,
    );
    expect(result.stdout).toBe('');
  });

  it('refuses to start inside another MCP server (ORKEON_MCP_SERVE set): exit code 1', async () => {
    const result = await orkeon(['mcp', 'serve'], '', { ORKEON_MCP_SERVE: '1' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ORKEON_MCP_SERVE is set');
  });

  it('refuses a bad --http address with exit code 1', async () => {
    const result = await orkeon(['mcp', 'serve', '--http', 'nowhere'], '');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--http 'nowhere' is not an address");
  });

  it('refuses a missing crew with exit code 1', async () => {
    const result = await orkeon(['mcp', 'serve', 'no-such-crew.yaml'], '');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no-such-crew.yaml' does not exist");
  });
});
