import { describe, expect, it } from 'vitest';
import { post, request, servedRuntime, serveHttp } from './serve-fixture.js';

describe('MCP tool calls meet the Guardian', () => {
  it('a call with a traversal or a private URL is an isError result in the Guardian’s words, audited as Blocked', async () => {
    const { runtime, audit } = await servedRuntime();
    const server = await serveHttp(runtime);
    try {
      const traversal = await post(
        server.url,
        request(1, 'tools/call', { name: 'write_note', arguments: { note: '../../etc/passwd' } }),
      );
      expect(traversal.body.result.isError).toBe(true);
      expect(traversal.body.result.content[0].text).toBe(
        "Error: Blocked by Guardian (ToolExecution): path traversal in argument 'note': a path may not climb out of its folder ('..').",
      );
      const metadata = await post(
        server.url,
        request(2, 'tools/call', { name: 'echo', arguments: { text: 'http://169.254.169.254/latest/meta-data/' } }),
      );
      expect(metadata.body.result.isError).toBe(true);
      expect(metadata.body.result.content[0].text).toMatch(
        /^Error: Blocked by Guardian \(ToolExecution\): the URL in argument 'text' is refused \(NETWORK_ADDRESS_BLOCKED\)/,
      );
      // The MCP client reads the tool's own answer: results are framed as data only for Orkeon's models.
      const plain = await post(server.url, request(3, 'tools/call', { name: 'echo', arguments: { text: 'ok' } }));
      expect(plain.body.result).toMatchObject({ isError: false, content: [{ text: 'ok' }] });
      expect(audit.map((event) => [event.tool, event.outcome])).toEqual([
        ['write_note', 'Blocked'],
        ['echo', 'Blocked'],
        ['echo', 'Success'],
      ]);
    } finally {
      await server.close();
      await runtime.dispose();
    }
  });
});
