import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackTools, neutralizeBroadcasts } from '../src/index.js';
import { runTool, sendJson, startServer, type TestServer } from './web-fixture.js';

const token = 'xoxb-test-token-123456';
let server: TestServer;

beforeEach(async () => {
  // The parts of the Slack Web API contract the tools use (the real service is not called).
  server = await startServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${token}`)
      return sendJson(response, { ok: false, error: 'invalid_auth' });
    const form = new URLSearchParams(request.body);
    if (request.url === '/api/chat.postMessage') {
      if (form.get('channel') === 'C404') return sendJson(response, { ok: false, error: 'channel_not_found' });
      return sendJson(response, {
        ok: true,
        channel: form.get('channel'),
        ts: '1712345678.000100',
        message: { text: form.get('text') },
      });
    }
    if (request.url === '/api/conversations.history')
      return sendJson(response, {
        ok: true,
        has_more: true,
        messages: [
          { type: 'message', user: 'U1', text: 'second\nline', ts: '1712345679.000200', reply_count: 2 },
          { type: 'message', bot_id: 'B1', text: 'first', ts: '1712345678.000100' },
        ].slice(0, Number(form.get('limit'))),
      });
    sendJson(response, { ok: false, error: 'unknown_method' });
  });
});
afterEach(() => server[Symbol.asyncDispose]());

const tools = (extra: Record<string, unknown> = {}, secret = token) =>
  createSlackTools(secret, { slack: { BaseUrl: `${server.url}/api/`, ...extra } });

describe('the Slack tools against a local server speaking the Slack Web API contract', () => {
  it('slack_send_message (Execute) posts the text, channel-wide mentions sent as plain text', async () => {
    const [send] = tools();
    expect(send.access).toBe('Execute');
    const result = await runTool(send, {
      channel: 'C123',
      text: 'Deploy done <!channel> <!here|here> <@U42>',
      thread_ts: '1712345678.000100',
    });
    expect(result.output).toBe('Sent to C123 (ts 1712345678.000100).');
    const form = new URLSearchParams(server.requests[0]?.body);
    expect(form.get('text')).toBe('Deploy done &lt;!channel&gt; &lt;!here|here&gt; <@U42>');
    expect(form.get('thread_ts')).toBe('1712345678.000100');
    expect(form.get('link_names')).toBe('false');
  });

  it('sends broadcasts as written when AllowBroadcastMentions is true', async () => {
    const [send] = tools({ AllowBroadcastMentions: true });
    await runTool(send, { channel: '#general', text: '<!here> lunch' });
    expect(new URLSearchParams(server.requests[0]?.body).get('text')).toBe('<!here> lunch');
  });

  it('slack_read_messages (Read) answers the latest messages', async () => {
    const [, read] = tools();
    expect(read.access).toBe('Read');
    expect((await runTool(read, { channel: 'C123', limit: 2 })).output).toBe(
      '2 latest messages of C123 (more are older):\n[1712345679.000200] U1: second / line [2 replies]\n[1712345678.000100] B1: first',
    );
  });

  it("answers Slack's errors with what to do, never the token", async () => {
    const [send] = tools();
    expect((await runTool(send, { channel: 'C404', text: 'hi' })).output).toBe(
      "Error: Slack answered 'channel_not_found': no such channel, or the bot cannot see it: give a channel id (C0123…) the bot was added to.",
    );
    const [wrong] = tools({}, 'xoxb-wrong-token-999');
    const refused = await runTool(wrong, { channel: 'C123', text: 'hi' });
    expect(refused.output).toContain("Slack answered 'invalid_auth'");
    expect(refused.output).not.toContain('xoxb-wrong');
  });

  it('refuses channels that are not channel names, and neutralises every <!…> command', () => {
    const [send] = tools();
    for (const channel of ['../../admin', 'C1 C2', 'https://evil.example/', 'C1\r\nX: y'])
      expect(() => send.inputSchema.parse({ channel, text: 'x' }), channel).toThrow();
    expect(neutralizeBroadcasts('<!everyone> <!subteam^S1> <#C1> <https://x.test|x>')).toBe(
      '&lt;!everyone&gt; &lt;!subteam^S1&gt; <#C1> <https://x.test|x>',
    );
  });
});
