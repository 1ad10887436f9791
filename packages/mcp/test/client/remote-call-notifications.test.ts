import {
  Configuration,
  coreSettingsSections,
  createRuntime,
  type Runtime,
  ServiceCollection,
  type SettingsTree,
  type ToolLogRecord,
  type ToolProgress,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addSvcMcp,
  createMcpServer,
  McpConnectionsService,
  type McpEra,
  mcpSettings,
  startMcpHttpServer,
} from '../../src/index.js';
import { richRuntime } from '../server/rich-fixture.js';
import { everythingServerPath, orkeonWorkServer } from './client-fixtures.js';
import { refuseDiscovery } from './refuse-discovery.js';

// The chain: Orkeon's MCP server serves a tool that reports progress and logs; Orkeon's
// client reaches it through addSvcMcp; a pipeline call of that tool hears the remote updates.

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(disposers.splice(0).map((dispose) => dispose()));
});

async function servedOverHttp(era: McpEra): Promise<SettingsTree> {
  const served = await richRuntime();
  const dispatcher = createMcpServer({ runtime: served });
  if (era === 'legacy') refuseDiscovery(dispatcher);
  const server = await startMcpHttpServer({ dispatcher, port: 0 });
  disposers.push(async () => {
    await server.close();
    await served.dispose();
  });
  return { Transport: 'Http', Url: server.url };
}

async function callingRuntime(entry: SettingsTree) {
  const configuration = Configuration.fromObject({ MCP: { Servers: { remote: entry } } }, [
    ...coreSettingsSections,
    mcpSettings,
  ]);
  const services = new ServiceCollection();
  const log = captureLogger({ level: 'debug' });
  await addSvcMcp(services, configuration, { logger: log.logger });
  const runtime: Runtime = await createRuntime({ configuration, services, logger: log.logger });
  disposers.push(() => runtime.dispose());
  const era = runtime.services.get(McpConnectionsService).server('remote')?.client?.era;
  return { runtime, era, log };
}

async function callWork(runtime: Runtime) {
  const progress: ToolProgress[] = [];
  const logs: ToolLogRecord[] = [];
  const result = await runtime.pipeline.invoke({
    tool: 'work',
    input: {},
    caller: { kind: 'host' },
    onProgress: (update) => progress.push(update),
    onLog: (record) => logs.push(record),
  });
  return { result, progress, logs };
}

// The remote tool reports 1, 2, 2, 3: its server drops the repeated 2.
const expectedProgress = [
  { progress: 1, total: 3, message: 'step 1' },
  { progress: 2, total: 3, message: 'step 2' },
  { progress: 3, total: 3, message: 'step 3' },
];
// Its debug line ('starting') is below LogLevel info.
const expectedLogs = [
  { level: 'info', message: 'halfway', fields: { mcpServer: 'remote', mcpLogger: 'work', data: { rows: 3 } } },
  { level: 'warn', message: 'nearly done', fields: { mcpServer: 'remote', mcpLogger: 'work' } },
];

const transports: Record<string, (era: McpEra) => Promise<SettingsTree>> = {
  stdio: async (era) => orkeonWorkServer(era),
  'HTTP (SSE answers)': servedOverHttp,
};

describe('a remote MCP tool’s progress and log messages during a pipeline call', () => {
  for (const [transport, serve] of Object.entries(transports))
    for (const era of ['modern', 'legacy'] as const)
      it(`reach onProgress, onLog and Orkeon’s log, over ${transport} in the ${era} era`, async () => {
        const { runtime, era: negotiated, log } = await callingRuntime({ ...(await serve(era)), LogLevel: 'info' });
        expect(negotiated).toBe(era);
        const { result, progress, logs } = await callWork(runtime);
        expect(result).toMatchObject({ outcome: 'Success', output: 'worked' });
        expect(progress).toEqual(expectedProgress);
        expect(logs).toEqual(expectedLogs);
        const written = log.records().filter((record) => record.mcpServer === 'remote');
        expect(written).toContainEqual(
          expect.objectContaining({ level: 30, tool: 'work', msg: 'halfway', mcpLogger: 'work', data: { rows: 3 } }),
        );
        expect(written).toContainEqual(expect.objectContaining({ level: 40, tool: 'work', msg: 'nearly done' }));
      }, 60_000);

  it('without LogLevel no log message is asked for, in either era; progress still arrives', async () => {
    for (const era of ['modern', 'legacy'] as const) {
      const { runtime } = await callingRuntime(await servedOverHttp(era));
      const { progress, logs } = await callWork(runtime);
      expect(progress).toEqual(expectedProgress);
      expect(logs).toEqual([]);
    }
  }, 60_000);

  it('LogLevel is the threshold: debug brings the debug line too', async () => {
    const { runtime } = await callingRuntime({ ...(await servedOverHttp('modern')), LogLevel: 'debug' });
    const { logs } = await callWork(runtime);
    expect(logs.map((record) => [record.level, record.message])).toEqual([
      ['debug', 'starting'],
      ['info', 'halfway'],
      ['warn', 'nearly done'],
    ]);
  }, 60_000);

  it('reach onProgress from an official SDK server too (server-everything, legacy era)', async () => {
    const { runtime, era } = await callingRuntime({ Command: process.execPath, Args: [everythingServerPath, 'stdio'] });
    expect(era).toBe('legacy');
    const progress: ToolProgress[] = [];
    const result = await runtime.pipeline.invoke({
      tool: 'trigger-long-running-operation',
      input: { duration: 0.3, steps: 3 },
      caller: { kind: 'host' },
      onProgress: (update) => progress.push(update),
    });
    expect(result.outcome).toBe('Success');
    expect(progress).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ]);
  }, 60_000);
});
