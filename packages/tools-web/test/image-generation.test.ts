import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImageGenerationTool } from '../src/index.js';
import { createWorkspace, runTool, sendJson, startServer, type TestServer } from './web-fixture.js';

const key = 'sk-test-image-key-123';
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
let server: TestServer;

beforeEach(async () => {
  // POST /images/generations as OpenAI documents it (the real service is not called).
  server = await startServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${key}`)
      return sendJson(
        response,
        { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
        401,
      );
    const body = JSON.parse(request.body) as { n: number };
    sendJson(response, { created: 1, data: Array.from({ length: body.n }, () => ({ b64_json: png })) });
  });
});
afterEach(() => server[Symbol.asyncDispose]());

const tool = () => createImageGenerationTool(key, { image: { BaseUrl: `${server.url}/v1`, MaxImages: 2 } });

describe('image_generation against a local server speaking the OpenAI images contract', () => {
  it('answers the image as image content and sends the model, prompt, size and count', async () => {
    const result = await runTool(tool(), { prompt: 'a red square' });
    expect(result.outcome).toBe('Success');
    expect(result.content).toEqual([
      { type: 'text', text: '1 image for: a red square' },
      { type: 'image', data: png, mimeType: 'image/png' },
    ]);
    expect(JSON.parse(server.requests[0]?.body ?? '')).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'a red square',
      n: 1,
      size: '1024x1024',
    });
    expect(server.requests[0]?.url).toBe('/v1/images/generations');
  });

  it('saves each image through the file system, refusing a read-only mount and traversal', async () => {
    await using workspace = await createWorkspace();
    const result = await runTool(
      tool(),
      { prompt: 'two squares', count: 2, save_to: '/workspace/art/square' },
      { vfs: workspace.vfs },
    );
    expect(result.output).toContain('Saved /workspace/art/square.png\n[image image/png');
    expect(result.output).toContain('Saved /workspace/art/square-2.png');
    expect((await readFile(`${workspace.root.path}/workspace/art/square-2.png`)).toString('base64')).toBe(png);
    const readOnly = await runTool(tool(), { prompt: 'x', save_to: '/docs/x.png' }, { vfs: workspace.vfs });
    expect(readOnly.outcome).toBe('Denied');
    const escaping = await runTool(
      tool(),
      { prompt: 'x', save_to: '/workspace/../../../tmp/x.png' },
      { vfs: workspace.vfs },
    );
    expect(escaping.outcome).toBe('Denied');
    expect(escaping.output).not.toContain(workspace.root.path);
  });

  it('refuses more images than MaxImages before calling, and names the key on 401 without showing it', async () => {
    expect((await runTool(tool(), { prompt: 'x', count: 3 })).output).toBe(
      'Error: Ask for at most 2 images per call (Svc:Tools:Web:ImageGeneration:MaxImages).',
    );
    expect(server.requests).toHaveLength(0);
    const wrong = createImageGenerationTool('sk-wrong-key-000000', { image: { BaseUrl: `${server.url}/v1` } });
    const result = await runTool(wrong, { prompt: 'x' });
    expect(result.output).toBe(
      'Error: The image service refused the key (401): check Svc:Tools:Web:ImageGeneration:ApiKey or OPENAI_API_KEY.',
    );
    expect(tool().access).toBe('Execute');
  });
});
