import { Configuration, coreSettingsSections, createRuntime, type Runtime, ServiceCollection } from '@orkeon/core';
import { afterEach, describe, expect, it } from 'vitest';
import { addSvcMcp, childEnvironment, McpClient, mcpSettings } from '../../src/index.js';
import { capturingLogger, rawServer, rawServerPath } from './client-fixtures.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((thing) => thing.close()));
});

async function connect(mode: string, extra: Record<string, unknown> = {}) {
  const client = await McpClient.connect(mode, rawServer(mode, extra), { logger: capturingLogger().logger });
  open.push(client);
  return client;
}

/** A runtime whose one MCP server behaves as `mode` says, and whose calls cross the pipeline. */
async function runtimeWith(mode: string, extra: Record<string, unknown> = {}): Promise<Runtime> {
  const settings = { MCP: { Servers: { raw: { Command: process.execPath, Args: [rawServerPath, mode], ...extra } } } };
  const configuration = Configuration.fromObject(settings, [...coreSettingsSections, mcpSettings]);
  const services = new ServiceCollection();
  await addSvcMcp(services, configuration, { logger: capturingLogger().logger });
  const runtime = await createRuntime({ configuration, services });
  open.push({ close: () => runtime.dispose() });
  return runtime;
}

const caller = { kind: 'host' } as const;

describe('a misbehaving MCP server', () => {
  it('skips lines that are not JSON-RPC and still takes the answer', async () => {
    const client = await connect('garbage');
    const result = await client.callTool('probe', {});
    expect(result.content).toEqual([{ type: 'text', text: 'still here' }]);
  });

  it('an oversize message closes the connection with an error naming the server', async () => {
    const client = await connect('oversize');
    const error = await client.callTool('probe', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'MCP_SERVER_CLOSED' });
    expect((error as Error).message).toContain("MCP server 'oversize'");
  });

  it('a server that never answers times out after TimeoutSeconds', async () => {
    const client = await connect('silent', { TimeoutSeconds: 0.5 });
    const started = Date.now();
    const error = await client.callTool('probe', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'MCP_SERVER_TIMEOUT' });
    expect((error as Error).message).toContain('TimeoutSeconds');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a server that dies mid-call gives a clear error, and the next call starts it again', async () => {
    const client = await connect('die');
    const error = await client.callTool('probe', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'MCP_SERVER_CLOSED' });
    // Started again: it answers tools/list, then dies on the call once more.
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(['probe']);
  });

  it('through the pipeline, each of these is a failed tool result, never a crash', async () => {
    for (const [mode, fragment, timeout] of [
      ['oversize', 'closed before it answered', 30],
      ['silent', 'timed out after 500 ms', 0.5],
      ['die', 'closed before it answered', 30],
    ] as const) {
      const runtime = await runtimeWith(mode, { TimeoutSeconds: timeout });
      const result = await runtime.pipeline.invoke({ tool: 'probe', input: {}, caller });
      expect(result.outcome, mode).toBe('Failure');
      expect(result.output, mode).toContain(fragment);
    }
  }, 30_000);

  it('the child gets a clean environment: no SVC_ variable, only the safe ones and Env', async () => {
    process.env.SVC_Llm__ApiKey = 'sk-must-not-leak';
    process.env.UNRELATED_PARENT_VARIABLE = '1';
    try {
      const client = await connect('env', { Env: { FIXTURE_FLAG: '1' } });
      const result = await client.callTool('probe', {});
      const names = String((result.content[0] as { text: string }).text).split(',');
      expect(names).toContain('FIXTURE_FLAG');
      expect(names).toContain('PATH');
      expect(names).not.toContain('UNRELATED_PARENT_VARIABLE');
      expect(names.filter((name) => name.toUpperCase().startsWith('SVC_'))).toEqual([]);
    } finally {
      delete process.env.SVC_Llm__ApiKey;
      delete process.env.UNRELATED_PARENT_VARIABLE;
    }
  });

  it('passes the ORKEON_MCP_SERVE mark on, so a served orkeon does not recurse', () => {
    const server = rawServer('ok');
    expect(childEnvironment(server, { ORKEON_MCP_SERVE: '1', SVC_A: 'x' })).toMatchObject({ ORKEON_MCP_SERVE: '1' });
    expect(childEnvironment(server, { SVC_A: 'x' })).not.toHaveProperty('ORKEON_MCP_SERVE');
    expect(childEnvironment(server, { SVC_A: 'x' })).not.toHaveProperty('SVC_A');
  });
});
