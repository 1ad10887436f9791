import { cosineSimilarity } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { scriptedEmbedding, startScriptedModelServer } from '../../src/index.js';
import { postJson } from './http-helpers.js';

interface EmbeddingsBody {
  object: string;
  data: { object: string; index: number; embedding: number[] | string }[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}

describe('the embeddings route (POST /v1/embeddings, OpenAI dialect)', () => {
  it('answers one vector per input, in order, computed from the text, without using a scripted turn', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'kept for chat' }] });
    const reply = await postJson(`${server.openAiBaseUrl}/embeddings`, {
      model: 'text-embedding-3-small',
      input: ['Cats purr softly.', 'Dogs bark loudly.'],
      encoding_format: 'float',
    });
    expect(reply.status).toBe(200);
    const body = reply.body as EmbeddingsBody;
    expect(body).toMatchObject({ object: 'list', model: 'text-embedding-3-small' });
    expect(body.data.map((item) => [item.object, item.index])).toEqual([
      ['embedding', 0],
      ['embedding', 1],
    ]);
    expect(body.data[0]?.embedding).toEqual(scriptedEmbedding('Cats purr softly.'));
    expect(body.data[1]?.embedding).toEqual(scriptedEmbedding('Dogs bark loudly.'));
    expect(body.usage.prompt_tokens).toBeGreaterThan(0);
    expect(server.remainingTurns).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ dialect: 'openai', path: '/v1/embeddings', stream: false });
  });

  it('takes a single text, `dimensions`, and base64 floats as OpenAI sends them', async () => {
    await using server = await startScriptedModelServer();
    const reply = await postJson(`${server.openAiBaseUrl}/embeddings`, {
      model: 'm',
      input: 'one text',
      dimensions: 8,
      encoding_format: 'base64',
    });
    const encoded = (reply.body as EmbeddingsBody).data[0]?.embedding as string;
    const bytes = Buffer.from(encoded, 'base64');
    const floats = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
    expect([...floats]).toEqual([...new Float32Array(scriptedEmbedding('one text', 8))]);
    expect(floats).toHaveLength(8);
  });

  it('refuses what it cannot embed with a 400 in OpenAI’s error shape', async () => {
    await using server = await startScriptedModelServer();
    const post = (body: object) => postJson(`${server.openAiBaseUrl}/embeddings`, body);
    const cases: [object, string][] = [
      [{ input: 'x' }, "'model' must be the name of a model."],
      [{ model: 'm', input: [] }, "'input' must be a text or a non-empty array of texts"],
      [{ model: 'm', input: [[1, 2, 3]] }, 'token arrays are not embedded here'],
      [{ model: 'm', input: 'x', dimensions: 0 }, "'dimensions' must be a whole number from 1 to 4096."],
      [{ model: 'm', input: 'x', encoding_format: 'int8' }, "'encoding_format' must be 'float' or 'base64'."],
    ];
    for (const [body, message] of cases) {
      const reply = await post(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toMatchObject({
        error: { type: 'invalid_request_error', message: expect.stringContaining(message) },
      });
    }
  });

  it('asks for the key like the chat endpoint does', async () => {
    await using server = await startScriptedModelServer({ requireApiKey: 'sk-embed' });
    const url = `${server.openAiBaseUrl}/embeddings`;
    expect((await postJson(url, { model: 'm', input: 'x' })).status).toBe(401);
    expect((await postJson(url, { model: 'm', input: 'x' }, { authorization: 'Bearer sk-embed' })).status).toBe(200);
  });

  it('answers another method with a 405', async () => {
    await using server = await startScriptedModelServer();
    const response = await fetch(`${server.openAiBaseUrl}/embeddings`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('scriptedEmbedding', () => {
  it('is the same for the same text, of length 1, and nearer for texts that share words', () => {
    const cats = scriptedEmbedding('The cats purr');
    expect(scriptedEmbedding('The cats purr')).toEqual(cats);
    expect(Math.hypot(...cats)).toBeCloseTo(1, 12);
    expect(cosineSimilarity(cats, scriptedEmbedding('cats purr loudly'))).toBeGreaterThan(
      cosineSimilarity(cats, scriptedEmbedding('stock markets fell')),
    );
  });

  it('gives a text without words a vector that is not all zeros', () => {
    expect(Math.hypot(...scriptedEmbedding('?!'))).toBeCloseTo(1, 12);
    expect(Math.hypot(...scriptedEmbedding(''))).toBeCloseTo(1, 12);
  });

  it('refuses a length outside 1 to 4096', () => {
    expect(() => scriptedEmbedding('x', 0)).toThrow(RangeError);
    expect(() => scriptedEmbedding('x', 4097)).toThrow('from 1 to 4096');
  });
});
