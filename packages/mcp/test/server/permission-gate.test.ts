import { describe, expect, it } from 'vitest';
import { post, request, servedRuntime, serveHttp } from './serve-fixture.js';

describe('MCP tool calls meet the permission gate', () => {
  it('in plan mode a write is refused as a tool error "Error: DENIED: …"; a read passes', async () => {
    const { runtime, audit } = await servedRuntime({ permissionMode: 'plan' });
    const server = await serveHttp(runtime);
    try {
      const write = await post(server.url, request(1, 'tools/call', { name: 'write_note', arguments: { note: 'n' } }));
      expect(write.body.result.isError).toBe(true);
      expect(write.body.result.content[0].text).toMatch(/^Error: DENIED: /);
      const read = await post(server.url, request(2, 'tools/call', { name: 'echo', arguments: { text: 'ok' } }));
      expect(read.body.result).toMatchObject({ isError: false, content: [{ text: 'ok' }] });
      expect(audit.map((event) => [event.tool, event.outcome, event.caller.kind])).toEqual([
        ['write_note', 'Denied', 'mcp'],
        ['echo', 'Success', 'mcp'],
      ]);
    } finally {
      await server.close();
      await runtime.dispose();
    }
  });
});
