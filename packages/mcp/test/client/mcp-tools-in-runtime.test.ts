import {
  Configuration,
  coreSettingsSections,
  createRuntime,
  defineTool,
  type Runtime,
  ServiceCollection,
  type SettingsTree,
  type ToolAuditEvent,
  ToolAuditSinkService,
} from '@orkeon/core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addSvcMcp, McpConnectionsService, mcpSettings } from '../../src/index.js';
import { capturingLogger, modernServerPath, rawServerPath } from './client-fixtures.js';

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(disposers.splice(0).map((dispose) => dispose()));
});

const modern: SettingsTree = { Command: process.execPath, Args: [modernServerPath, 'stdio'] };
const raw = (mode: string): SettingsTree => ({ Command: process.execPath, Args: [rawServerPath, mode] });
const caller = { kind: 'host' } as const;

async function runtimeWith(
  servers: Record<string, SettingsTree>,
  options: { tools?: Parameters<typeof defineTool>[0][]; wait?: number; permissionMode?: 'plan' } = {},
) {
  const configuration = Configuration.fromObject({ MCP: { Servers: servers } }, [...coreSettingsSections, mcpSettings]);
  const services = new ServiceCollection();
  const audit: ToolAuditEvent[] = [];
  services.addInstance(ToolAuditSinkService, (event) => audit.push(event));
  const log = capturingLogger();
  const started = Date.now();
  await addSvcMcp(services, configuration, {
    logger: log.logger,
    ...(options.wait === undefined ? {} : { connectWaitMilliseconds: options.wait }),
  });
  const connectedIn = Date.now() - started;
  const runtime: Runtime = await createRuntime({
    configuration,
    services,
    tools: (options.tools ?? []).map((tool) => defineTool(tool)),
    ...(options.permissionMode === undefined ? {} : { permissionMode: options.permissionMode }),
  });
  disposers.push(() => runtime.dispose());
  const warnings = () =>
    log
      .lines()
      .filter((line) => line.level >= 40)
      .map((line) => line.msg);
  return { runtime, audit, warnings, connectedIn };
}

describe('addSvcMcp', () => {
  it('registers each server tool under its own name; calls cross the pipeline and reach the audit trail', async () => {
    const { runtime, audit } = await runtimeWith({ modern });
    expect(runtime.tools.names).toEqual(expect.arrayContaining(['echo', 'shout', 'file_read']));
    const result = await runtime.pipeline.invoke({ tool: 'shout', input: { text: 'hey' }, caller });
    expect(result).toMatchObject({ outcome: 'Success', output: 'HEY' });
    expect(audit.map((event) => [event.tool, event.outcome])).toEqual([['shout', 'Success']]);
  }, 30_000);

  it('validates the input against the tool’s JSON Schema before the server is called', async () => {
    const { runtime } = await runtimeWith({ modern });
    const result = await runtime.pipeline.invoke({ tool: 'echo', input: { text: 42 }, caller });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain("Invalid arguments for tool 'echo'");
    expect(result.output).toContain('"text":{"type":"string"}');
  }, 30_000);

  it('takes the gate’s access from the annotations: readOnlyHint is a read, anything else a write', async () => {
    const { runtime } = await runtimeWith({ modern }, { permissionMode: 'plan' });
    expect(runtime.tools.require('echo').access).toBe('Read');
    expect(runtime.tools.require('shout').access).toBe('Execute');
    const read = await runtime.pipeline.invoke({ tool: 'echo', input: { text: 'a' }, caller });
    expect(read.outcome).toBe('Success');
    const write = await runtime.pipeline.invoke({ tool: 'shout', input: { text: 'a' }, caller });
    expect(write.outcome).toBe('Denied');
    expect(write.output).toContain('plan mode allows only reads');
  }, 30_000);

  it('refuses a colliding name: the existing tool keeps it and the warning names both', async () => {
    const { runtime, warnings } = await runtimeWith(
      { modern },
      {
        tools: [{ name: 'echo', description: 'Local echo.', input: z.object({}), execute: async () => 'local' }],
      },
    );
    expect((await runtime.pipeline.invoke({ tool: 'echo', input: {}, caller })).output).toBe('local');
    expect(runtime.tools.require('shout')).toBeDefined();
    expect(warnings()).toContainEqual(
      "MCP tool 'echo' of server 'modern' is refused: the name is taken by the tool 'echo', which keeps it.",
    );
  }, 30_000);

  it('refuses a name two servers share: the first configured server keeps it', async () => {
    const { runtime, warnings } = await runtimeWith({ first: raw('ok'), second: raw('ok') });
    expect(runtime.tools.names.filter((name) => name === 'probe')).toHaveLength(1);
    expect(warnings().some((line) => line.includes("'probe' of server 'second'") && line.includes("'first'"))).toBe(
      true,
    );
  }, 30_000);

  it('takes only the tools of the allow-list', async () => {
    const { runtime } = await runtimeWith({ modern: { ...modern, Tools: ['shout'] } });
    expect(runtime.tools.get('shout')).toBeDefined();
    expect(runtime.tools.get('echo')).toBeUndefined();
  }, 30_000);

  it('a server that cannot start costs one error line; the others join', async () => {
    const { runtime, warnings } = await runtimeWith({
      broken: { Command: '/nonexistent/mcp-server' },
      modern,
    });
    expect(runtime.tools.get('echo')).toBeDefined();
    const errors = warnings().filter((line) => line.includes("'broken'"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('The run goes on without its tools.');
  }, 30_000);

  it('a server still pending after the wait costs one error line and the program goes on', async () => {
    const hanging: SettingsTree = { Command: process.execPath, Args: ['-e', 'setInterval(() => {}, 1000)'] };
    const { runtime, warnings, connectedIn } = await runtimeWith({ hanging, modern }, { wait: 1_500 });
    expect(connectedIn).toBeLessThan(10_000);
    expect(runtime.tools.get('echo')).toBeDefined();
    expect(warnings().filter((line) => line.includes("'hanging'"))).toEqual([
      "MCP server 'hanging' is still connecting after 2 s; the run goes on without its tools.",
    ]);
    const state = runtime.services.get(McpConnectionsService).server('hanging');
    expect(state?.client).toBeUndefined();
  }, 30_000);

  it('notifications/tools/list_changed brings the registry in step: new tools join, dropped ones answer an error', async () => {
    const { runtime } = await runtimeWith({ changing: raw('changing') });
    expect(runtime.tools.get('added_tool')).toBeUndefined();
    await runtime.pipeline.invoke({ tool: 'probe', input: {}, caller });
    await expect.poll(() => runtime.tools.get('added_tool'), { timeout: 5_000 }).toBeDefined();
    const added = await runtime.pipeline.invoke({ tool: 'added_tool', input: {}, caller });
    expect(added.outcome).toBe('Success');
    const dropped = await runtime.pipeline.invoke({ tool: 'probe', input: {}, caller });
    expect(dropped).toMatchObject({
      outcome: 'Failure',
      output: "Error: MCP server 'changing' no longer offers the tool 'probe'; choose another tool.",
    });
  }, 30_000);

  it('connects nothing when MCP:Enabled is false', async () => {
    const configuration = Configuration.fromObject({ MCP: { Enabled: false, Servers: { modern } } }, [
      ...coreSettingsSections,
      mcpSettings,
    ]);
    const connections = await addSvcMcp(new ServiceCollection(), configuration);
    expect(connections.servers).toEqual([]);
  });
});
