import { Configuration, coreSettingsSections, createRuntime, type Runtime, ServiceCollection } from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSvcMcp, type McpHttpServer, mcpSettings } from '../../src/index.js';
import { pixel, richRuntime, serveRich } from './rich-fixture.js';

// Orkeon's MCP client against Orkeon's MCP server: a served tool's image reaches the
// calling runtime as a content part, not as text.

let served: Runtime;
let server: McpHttpServer;
let caller: Runtime;
beforeAll(async () => {
  served = await richRuntime();
  server = await serveRich(served);
  const configuration = Configuration.fromObject(
    { MCP: { Servers: { charts: { Transport: 'Http', Url: server.url } } } },
    [...coreSettingsSections, mcpSettings],
  );
  const services = new ServiceCollection();
  await addSvcMcp(services, configuration, { logger: captureLogger().logger });
  caller = await createRuntime({ configuration, services });
});
afterAll(async () => {
  await caller?.dispose();
  await server?.close();
  await served?.dispose();
});

describe('an MCP tool answering media', () => {
  it('reaches the calling runtime as content parts, with a text summary beside them', async () => {
    const result = await caller.pipeline.invoke({ tool: 'chart', input: {}, caller: { kind: 'host' } });
    expect(result.outcome).toBe('Success');
    expect(result.content).toEqual([
      { type: 'text', text: 'Sales:' },
      { type: 'image', data: pixel, mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'test://table', mimeType: 'text/csv', text: 'a,b\n1,2' } },
      { type: 'resource', resource: { uri: 'test://raw', mimeType: 'application/octet-stream', blob: 'AAEC' } },
    ]);
    expect(result.output).toContain('[image image/png, 70 B]');
  });
});
