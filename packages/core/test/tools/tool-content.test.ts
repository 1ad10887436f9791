import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineTool,
  OrkeonError,
  type ToolContentInput,
  type ToolContentPart,
  toolContent,
  toolSuccess,
  truncateToolResult,
} from '../../src/index.js';
import { createToolTestSetup, type ToolTestSetup } from './tool-test-setup.js';

const caller = { kind: 'script' as const };
/** 1,229 bytes: shown as 1.2 KB. */
const image = Buffer.alloc(1229, 7).toString('base64');

describe('toolContent', () => {
  it('keeps the parts and writes a text summary with a short note for each binary part', () => {
    const result = toolContent([
      'Chart of the week:',
      { type: 'image', data: image, mimeType: 'image/png' },
      { type: 'audio', data: new Uint8Array([1, 2, 3]), mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'test://notes', mimeType: 'text/plain', text: 'note text' } },
      { type: 'resource', resource: { uri: 'test://bytes', blob: new Uint8Array(2048) } },
    ]);
    expect(result.outcome).toBe('Success');
    expect(result.output).toBe(
      [
        'Chart of the week:',
        '[image image/png, 1.2 KB]',
        '[audio audio/wav, 3 B]',
        '[resource test://notes text/plain]',
        'note text',
        '[resource test://bytes, 2.0 KB]',
      ].join('\n'),
    );
    expect(result.content?.[0]).toEqual({ type: 'text', text: 'Chart of the week:' });
    // Bytes become base64, the form MCP and the model providers carry.
    expect(result.content?.[2]).toEqual({ type: 'audio', data: 'AQID', mimeType: 'audio/wav' });
    expect(result.content?.[4]).toEqual({
      type: 'resource',
      resource: { uri: 'test://bytes', blob: Buffer.alloc(2048).toString('base64') },
    });
  });

  it.each([
    [{ type: 'image', data: image, mimeType: 'png' }, "'mimeType' as a media type"],
    [{ type: 'image', data: 'not base64!', mimeType: 'image/png' }, 'is not base64 text'],
    [{ type: 'video', data: image, mimeType: 'video/mp4' }, "use 'text', 'image', 'audio' or 'resource'"],
    [{ type: 'resource', resource: { uri: 'test://x' } }, "needs 'text' (a string) or 'blob'"],
    [{ type: 'resource', resource: { uri: '', text: 'x' } }, "'resource.uri' as a non-empty string"],
  ])('refuses the malformed part %j, naming the fix', (part, fix) => {
    const attempt = () => toolContent([part as unknown as ToolContentInput]);
    expect(attempt).toThrow(fix);
    try {
      attempt();
    } catch (error) {
      expect(OrkeonError.isInstance(error) && error.code).toBe('TOOL_CONTENT_INVALID');
    }
  });
});

describe('truncation of rich results', () => {
  it('cuts the text and keeps every binary part whole, for any parts and limit', () => {
    const part = fc.oneof(
      fc.string({ maxLength: 40 }).map((text): ToolContentPart => ({ type: 'text', text })),
      fc.uint8Array({ maxLength: 64 }).map(
        (bytes): ToolContentPart => ({
          type: 'image',
          data: Buffer.from(bytes).toString('base64'),
          mimeType: 'image/png',
        }),
      ),
      fc
        .string({ maxLength: 40 })
        .map((text): ToolContentPart => ({ type: 'resource', resource: { uri: 'test://r', text } })),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), fc.nat({ max: 120 }), (parts, limit) => {
        const result = truncateToolResult(toolContent(parts), limit);
        const content = result.content ?? [];
        const binary = (list: readonly ToolContentPart[]) => list.filter((item) => item.type === 'image');
        expect(binary(content)).toEqual(binary(parts));
        const textOf = (item: ToolContentPart) =>
          item.type === 'text'
            ? item.text
            : item.type === 'resource' && 'text' in item.resource
              ? item.resource.text
              : '';
        const total = parts.map(textOf).join('').length;
        if (total <= limit) {
          expect(result.truncatedFrom).toBeUndefined();
          expect(content).toEqual(parts);
        } else {
          expect(result.truncatedFrom).toBe(total);
          const kept = content.slice(0, -1).map(textOf).join('');
          expect(kept).toBe(parts.map(textOf).join('').slice(0, limit));
          expect(content.at(-1)).toEqual({
            type: 'text',
            text: `[truncated: showing the first ${limit} of ${total} characters of text]`,
          });
        }
      }),
    );
  });

  it('leaves a text result as it was', () => {
    expect(truncateToolResult(toolSuccess('abcdef'), 3).output).toBe(
      'abc\n[truncated: showing the first 3 of 6 characters]',
    );
  });
});

describe('rich results through the pipeline', () => {
  let setup: ToolTestSetup;
  beforeEach(async () => {
    setup = await createToolTestSetup([
      defineTool({
        name: 'chart',
        description: 'answers a long caption and an image',
        access: 'Read',
        maxResultCharacters: 10,
        input: z.object({}),
        execute: async () => toolContent(['x'.repeat(50), { type: 'image', data: image, mimeType: 'image/png' }]),
      }),
      defineTool({
        name: 'broken_chart',
        description: 'answers a malformed part',
        access: 'Read',
        input: z.object({}),
        execute: async () => toolContent([{ type: 'image', data: image, mimeType: '' }]),
      }),
    ]);
  });
  afterEach(() => setup.folder.remove());

  it('limits the text to the tool’s maximum and hands the image over whole', async () => {
    const result = await setup.pipeline().invoke({ tool: 'chart', input: {}, caller });
    expect(result.content?.[0]).toEqual({ type: 'text', text: 'x'.repeat(10) });
    expect(result.content?.[1]).toEqual({ type: 'image', data: image, mimeType: 'image/png' });
    expect(result.truncatedFrom).toBe(50);
    expect(setup.audit.at(-1)?.outcome).toBe('Success');
  });

  it('answers a malformed part as the tool’s failure, naming the fix', async () => {
    const result = await setup.pipeline().invoke({ tool: 'broken_chart', input: {}, caller });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain("needs 'mimeType' as a media type such as 'image/png'");
  });
});
