import { describe, expect, it } from 'vitest';
import { startScriptedModelServer } from '../../src/index.js';
import {
  type AnthropicEvent,
  anthropicHeaders,
  anthropicRequest,
  postJson,
  postStream,
  readServerSentEvents,
} from './http-helpers.js';

/** Reads a streamed message, checking that every event's name matches the `type` in its data. */
async function streamMessage(baseUrl: string, body: Record<string, unknown> = anthropicRequest) {
  const events = await readServerSentEvents(await postStream(`${baseUrl}/messages`, body, anthropicHeaders));
  return events.map((event) => {
    const data = JSON.parse(event.data) as AnthropicEvent;
    expect(data.type).toBe(event.event);
    return data;
  });
}

describe('Anthropic messages', () => {
  it('answers a text turn with a complete message and estimated usage', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'Hello there, friend.' }] });
    const reply = await postJson(`${server.anthropicBaseUrl}/messages`, anthropicRequest, anthropicHeaders);

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: 'msg_scripted_0',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [{ type: 'text', text: 'Hello there, friend.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    });
  });

  it('reports a cut answer as max_tokens and counts the separate system prompt as input', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'Cut', finishReason: 'length' }] });
    const reply = await postJson(
      `${server.anthropicBaseUrl}/messages`,
      // The system text adds 43 characters of JSON: (40 + 43) / 4 rounds up to 21.
      { ...anthropicRequest, system: 'You are a careful assistant, be brief ok.' },
      anthropicHeaders,
    );
    expect(reply.body).toMatchObject({ stop_reason: 'max_tokens', usage: { input_tokens: 21, output_tokens: 1 } });
  });

  it('streams text with the full event sequence, and the deltas reassemble into the answer', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    await using server = await startScriptedModelServer({
      turns: [{ text, usage: { inputTokens: 9, outputTokens: 11 } }],
    });
    const events = await streamMessage(server.anthropicBaseUrl);

    expect(events.map((event) => event.type)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[0]).toEqual({
      type: 'message_start',
      message: {
        id: 'msg_scripted_0',
        type: 'message',
        role: 'assistant',
        model: 'claude-test',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 9, output_tokens: 1 },
      },
    });
    expect(events[2]).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    const deltas = events.filter((event) => event.type === 'content_block_delta');
    for (const delta of deltas) expect(delta).toMatchObject({ index: 0, delta: { type: 'text_delta' } });
    expect(deltas.map((event) => event.delta?.text).join('')).toBe(text);
    expect(events[6]).toEqual({ type: 'content_block_stop', index: 0 });
    expect(events[7]).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 11 },
    });
  });

  it('answers a tool-call turn with tool_use blocks after the text and stop reason tool_use', async () => {
    await using server = await startScriptedModelServer({
      turns: [
        {
          text: 'Let me read it.',
          toolCalls: [
            { name: 'file_read', arguments: { path: '/workspace/a.txt' } },
            { id: 'toolu_mine', name: 'shell', arguments: '{"command":"ls"}' },
          ],
        },
      ],
    });
    const reply = await postJson(`${server.anthropicBaseUrl}/messages`, anthropicRequest, anthropicHeaders);
    expect(reply.body).toMatchObject({
      content: [
        { type: 'text', text: 'Let me read it.' },
        { type: 'tool_use', id: 'toolu_scripted_0_0', name: 'file_read', input: { path: '/workspace/a.txt' } },
        { type: 'tool_use', id: 'toolu_mine', name: 'shell', input: { command: 'ls' } },
      ],
      stop_reason: 'tool_use',
    });
  });

  it('refuses, with a 500 naming the tool, argument text that is not a JSON object in a whole message', async () => {
    await using server = await startScriptedModelServer({
      turns: [{ toolCalls: [{ name: 'broken', arguments: '{"path": ' }] }],
    });
    const reply = await postJson(`${server.anthropicBaseUrl}/messages`, anthropicRequest, anthropicHeaders);
    expect(reply.status).toBe(500);
    expect(reply.body).toMatchObject({
      type: 'error',
      error: { type: 'api_error', message: expect.stringContaining("tool call 'broken' are not a JSON object") },
    });
  });

  it('streams tool_use blocks whose partial_json fragments rebuild the input', async () => {
    const readInput = { path: '/workspace/notes/todo.md', lines: [1, 20] };
    await using server = await startScriptedModelServer({
      turns: [
        {
          text: 'Reading.',
          toolCalls: [
            { name: 'file_read', arguments: readInput },
            { name: 'list', arguments: {} },
          ],
        },
      ],
    });
    const events = await streamMessage(server.anthropicBaseUrl);

    const starts = events.filter((event) => event.type === 'content_block_start');
    expect(starts).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'toolu_scripted_0_0', name: 'file_read', input: {} },
      },
      {
        type: 'content_block_start',
        index: 2,
        content_block: { type: 'tool_use', id: 'toolu_scripted_0_1', name: 'list', input: {} },
      },
    ]);
    for (const [index, expected] of [readInput, {}].entries()) {
      const fragments = events
        .filter((event) => event.type === 'content_block_delta' && event.index === index + 1)
        .map((event) => {
          expect(event.delta?.type).toBe('input_json_delta');
          return event.delta?.partial_json ?? '';
        });
      expect(fragments.length).toBeGreaterThanOrEqual(2);
      expect(JSON.parse(fragments.join(''))).toEqual(expected);
    }
    expect(events.filter((event) => event.type === 'content_block_stop').map((event) => event.index)).toEqual([
      0, 1, 2,
    ]);
    expect(events.at(-2)?.delta).toEqual({ stop_reason: 'tool_use', stop_sequence: null });
    expect(events.at(-1)).toEqual({ type: 'message_stop' });
  });

  it('lists a model in the Anthropic shape when the request carries anthropic-version', async () => {
    await using server = await startScriptedModelServer();
    const response = await fetch(`${server.anthropicBaseUrl}/models`, { headers: anthropicHeaders });
    expect(await response.json()).toMatchObject({ data: [{ type: 'model', id: 'scripted-model' }], has_more: false });
  });
});
