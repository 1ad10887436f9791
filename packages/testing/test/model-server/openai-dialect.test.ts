import { describe, expect, it } from 'vitest';
import { startScriptedModelServer } from '../../src/index.js';
import { type OpenAiChunk, openAiRequest, postJson, postStream, readServerSentEvents } from './http-helpers.js';

/** Reads a streamed chat completion: the parsed chunks before `[DONE]`, and the raw events. */
async function streamChat(baseUrl: string, body: Record<string, unknown> = openAiRequest) {
  const events = await readServerSentEvents(await postStream(`${baseUrl}/chat/completions`, body));
  for (const event of events) expect(event.event).toBeUndefined();
  expect(events.at(-1)?.data).toBe('[DONE]');
  const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data) as OpenAiChunk);
  return { events, chunks };
}

function deltasOf(chunks: readonly OpenAiChunk[]) {
  return chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta));
}

describe('OpenAI chat completions', () => {
  it('answers a text turn with a complete chat.completion and estimated usage', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'Hello there, friend.' }] });
    const before = Math.floor(Date.now() / 1000);
    const reply = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);

    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect(reply.body).toEqual({
      id: 'chatcmpl-scripted-0',
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'gpt-test',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Hello there, friend.' },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      // 40 characters of messages JSON / 4 = 10; 20 characters of answer / 4 = 5.
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
    const { created } = reply.body as { created: number };
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it('uses the scripted model, usage and finish reason when given', async () => {
    await using server = await startScriptedModelServer({
      turns: [
        { text: 'Cut', model: 'other-model', usage: { inputTokens: 7, outputTokens: 3 }, finishReason: 'length' },
      ],
    });
    const reply = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    expect(reply.body).toMatchObject({
      model: 'other-model',
      choices: [{ finish_reason: 'length' }],
      usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
    });
  });

  it('falls back to the scripted-model id when the request names no model', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'Hi' }] });
    const reply = await postJson(`${server.openAiBaseUrl}/chat/completions`, { messages: openAiRequest.messages });
    expect(reply.body).toMatchObject({ model: 'scripted-model' });
  });

  it('streams text as chunks that reassemble into the answer, then [DONE]', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    await using server = await startScriptedModelServer({ turns: [{ text }] });
    const { chunks } = await streamChat(server.openAiBaseUrl);

    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ id: 'chatcmpl-scripted-0', object: 'chat.completion.chunk', model: 'gpt-test' });
      expect(chunk.created).toBe(chunks[0]?.created);
    }
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
    const pieces = deltasOf(chunks.slice(1, -1)).map((delta) => delta.content);
    expect(pieces).toEqual(['The quick brown ', 'fox jumps over ', 'the lazy dog.']);
    expect(pieces.join('')).toBe(text);
    expect(chunks.at(-1)?.choices).toEqual([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]);
    // Without stream_options.include_usage there is no usage chunk.
    expect(chunks.some((chunk) => chunk.usage !== undefined || chunk.choices.length === 0)).toBe(false);
  });

  it('streams the scripted chunks exactly', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'abcdef', chunks: ['a', 'bcd', 'ef'] }] });
    const { chunks } = await streamChat(server.openAiBaseUrl);
    expect(deltasOf(chunks.slice(1, -1)).map((delta) => delta.content)).toEqual(['a', 'bcd', 'ef']);
  });

  it('sends a last usage chunk without choices only when stream_options.include_usage is true', async () => {
    await using server = await startScriptedModelServer({
      turns: [{ text: 'Counted.', usage: { inputTokens: 12, outputTokens: 4 } }, { text: 'Not counted.' }],
    });
    const { chunks } = await streamChat(server.openAiBaseUrl, {
      ...openAiRequest,
      stream_options: { include_usage: true },
    });
    const declined = await streamChat(server.openAiBaseUrl, {
      ...openAiRequest,
      stream_options: { include_usage: false },
    });
    expect(declined.chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
    expect(declined.chunks.some((chunk) => chunk.usage !== undefined)).toBe(false);
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.at(-1)).toEqual({
      id: 'chatcmpl-scripted-0',
      object: 'chat.completion.chunk',
      created: expect.any(Number),
      model: 'gpt-test',
      choices: [],
      usage: { prompt_tokens: 12, completion_tokens: 4, total_tokens: 16 },
    });
  });

  it('answers a tool-call turn with tool_calls, JSON arguments and finish reason tool_calls', async () => {
    await using server = await startScriptedModelServer({
      turns: [
        {
          toolCalls: [
            { name: 'file_read', arguments: { path: '/workspace/a.txt' } },
            { id: 'call_mine', name: 'file_write', arguments: { path: '/workspace/b.txt', content: 'x' } },
          ],
        },
      ],
    });
    const reply = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    expect(reply.body).toMatchObject({
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_scripted_0_0',
                type: 'function',
                function: { name: 'file_read', arguments: '{"path":"/workspace/a.txt"}' },
              },
              {
                id: 'call_mine',
                type: 'function',
                function: { name: 'file_write', arguments: '{"path":"/workspace/b.txt","content":"x"}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    });
  });

  it('keeps text beside tool calls and sends argument text verbatim, even when it is not JSON', async () => {
    await using server = await startScriptedModelServer({
      turns: [{ text: 'Let me look.', toolCalls: [{ name: 'broken', arguments: '{"path": ' }] }],
    });
    const reply = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    expect(reply.body).toMatchObject({
      choices: [
        {
          message: {
            content: 'Let me look.',
            tool_calls: [{ function: { name: 'broken', arguments: '{"path": ' } }],
          },
        },
      ],
    });
  });

  it('streams tool calls as a head chunk with id and name, then argument fragments that rebuild the JSON', async () => {
    const readArguments = { path: '/workspace/notes/todo.md', lines: [1, 20] };
    const writeArguments = { path: '/workspace/out.txt', content: 'done ✓' };
    await using server = await startScriptedModelServer({
      turns: [
        {
          text: 'Reading now.',
          toolCalls: [
            { name: 'file_read', arguments: readArguments },
            { id: 'call_w', name: 'file_write', arguments: writeArguments },
          ],
        },
      ],
    });
    const { chunks } = await streamChat(server.openAiBaseUrl);
    const deltas = deltasOf(chunks);

    expect(deltas.map((delta) => delta.content ?? '').join('')).toBe('Reading now.');
    const toolDeltas = deltas.flatMap((delta) => delta.tool_calls ?? []);
    const heads = toolDeltas.filter((delta) => delta.id !== undefined);
    expect(heads).toEqual([
      { index: 0, id: 'call_scripted_0_0', type: 'function', function: { name: 'file_read', arguments: '' } },
      { index: 1, id: 'call_w', type: 'function', function: { name: 'file_write', arguments: '' } },
    ]);
    for (const [index, expected] of [readArguments, writeArguments].entries()) {
      const fragments = toolDeltas
        .filter((delta) => delta.index === index && delta.id === undefined)
        .map((delta) => delta.function.arguments ?? '');
      expect(fragments.length).toBeGreaterThanOrEqual(2);
      // No fragment is JSON on its own, as with a real provider.
      expect(() => JSON.parse(fragments[0] ?? '')).toThrow();
      expect(fragments.join('')).toBe(JSON.stringify(expected));
    }
    // Text comes first, then every tool call, then the finish chunk.
    const firstToolChunk = chunks.findIndex((chunk) => chunk.choices[0]?.delta.tool_calls !== undefined);
    const lastTextChunk = chunks.findLastIndex((chunk) => (chunk.choices[0]?.delta.content ?? '') !== '');
    expect(lastTextChunk).toBeLessThan(firstToolChunk);
    expect(chunks.at(-1)?.choices[0]).toEqual({ index: 0, delta: {}, logprobs: null, finish_reason: 'tool_calls' });
  });

  it('lists a model on GET /v1/models', async () => {
    await using server = await startScriptedModelServer();
    const response = await fetch(`${server.openAiBaseUrl}/models`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      object: 'list',
      data: [{ id: 'scripted-model', object: 'model', created: 0, owned_by: 'scripted' }],
    });
    expect(server.requests).toEqual([]);
    expect(server.remainingTurns).toBe(0);
  });
});
