import type { Runtime } from '@orkeon/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileUriTemplate,
  createMcpServer,
  defineMcpPrompt,
  defineMcpResource,
  defineMcpResourceTemplate,
  type McpHttpServer,
  McpServerError,
  mcpServerAdditionsOf,
} from '../../src/index.js';
import { pixel, postMessages, richRuntime, serveRich } from './rich-fixture.js';
import { crew, modernMeta } from './serve-fixture.js';

let runtime: Runtime;
let server: McpHttpServer;
beforeAll(async () => {
  runtime = await richRuntime();
  server = await serveRich(runtime);
});
afterAll(async () => {
  await server.close();
  await runtime.dispose();
});

async function ask(method: string, params: Record<string, unknown> = {}, modern = false) {
  const answer = await postMessages(server.url, {
    jsonrpc: '2.0',
    id: 1,
    method,
    params: modern ? { ...params, _meta: modernMeta } : params,
  });
  return answer.messages[0];
}

describe('resources, templates and prompts supplied by the host', () => {
  it('are listed', async () => {
    expect((await ask('resources/list')).result.resources).toEqual([
      { uri: 'notes://readme', name: 'Readme' },
      { uri: 'notes://logo', name: 'Logo', mimeType: 'image/png' },
    ]);
    expect((await ask('resources/templates/list', {}, true)).result).toMatchObject({
      resourceTemplates: [{ uriTemplate: 'notes://{id}/text', name: 'Note', description: 'One note by id' }],
      ttlMs: 300_000,
    });
    expect((await ask('prompts/list')).result.prompts).toEqual([
      {
        name: 'describe_image',
        description: 'Describe an image',
        arguments: [{ name: 'focus', description: 'What to look at', required: true }],
      },
    ]);
  });

  it('read text as text and bytes as a base64 blob', async () => {
    expect((await ask('resources/read', { uri: 'notes://readme' })).result.contents).toEqual([
      { uri: 'notes://readme', mimeType: 'text/plain', text: 'Read me first.' },
    ]);
    expect((await ask('resources/read', { uri: 'notes://logo' })).result.contents).toEqual([
      { uri: 'notes://logo', mimeType: 'image/png', blob: pixel },
    ]);
  });

  it('read a template’s resource with the URI’s values, percent-decoded', async () => {
    expect((await ask('resources/read', { uri: 'notes://a%20b/text' })).result.contents).toEqual([
      { uri: 'notes://a%20b/text', mimeType: 'text/plain', text: 'Note a b' },
    ]);
    // An encoded slash matches the one segment and reaches `read` decoded: the host's code must check it.
    expect((await ask('resources/read', { uri: 'notes://..%2F..%2Fetc/text' })).result.contents).toEqual([
      { uri: 'notes://..%2F..%2Fetc/text', mimeType: 'text/plain', text: 'Note ../../etc' },
    ]);
    // A raw slash is not one segment: the URI fits no template.
    expect((await ask('resources/read', { uri: 'notes://../../etc/text' })).error.code).toBe(-32002);
  });

  it('answer "resource not found" for a template URI with nothing there and for a URI nothing serves', async () => {
    const missing = await ask('resources/read', { uri: 'notes://missing/text' });
    expect(missing.error).toMatchObject({
      code: -32002,
      message: expect.stringContaining("fits the template 'notes://{id}/text'"),
    });
    const modern = await ask('resources/read', { uri: 'notes://other' }, true);
    expect(modern.error.code).toBe(-32602);
    expect(modern.error.message).toContain('Served resources: notes://readme, notes://logo');
  });

  it('get a prompt whose messages hold an image, and refuse one without its required argument', async () => {
    expect((await ask('prompts/get', { name: 'describe_image', arguments: { focus: 'colour' } })).result).toEqual({
      description: 'Describe the colour',
      messages: [
        { role: 'user', content: { type: 'image', data: pixel, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'text', text: 'Describe the colour of the image above.' } },
      ],
    });
    const refused = await ask('prompts/get', { name: 'describe_image' });
    expect(refused.error).toMatchObject({
      code: -32602,
      message: "Prompt 'describe_image' needs the argument(s) focus (strings).",
    });
  });
});

describe('bad host additions refuse the start, naming the fix', () => {
  const read = () => 'x';
  it.each([
    [() => defineMcpResource({ uri: 'no scheme', name: 'x', read }), 'MCP_SERVE_RESOURCE_INVALID'],
    [() => defineMcpResource({ uri: 'a://b', name: '', read }), 'MCP_SERVE_RESOURCE_INVALID'],
    [() => defineMcpResourceTemplate({ uriTemplate: 'a://{+path}', name: 'x', read }), 'MCP_SERVE_RESOURCE_INVALID'],
    [() => defineMcpResourceTemplate({ uriTemplate: 'a://{id}/{id}', name: 'x', read }), 'MCP_SERVE_RESOURCE_INVALID'],
    [
      () => defineMcpPrompt({ name: 'p', arguments: [{ name: 'a' }, { name: 'a' }], get: () => [] }),
      'MCP_SERVE_PROMPT_INVALID',
    ],
    [() => mcpServerAdditionsOf({ mcp: { resources: [{ uri: 'a://b' }] } }), 'MCP_SERVE_ADDITIONS_INVALID'],
    [() => mcpServerAdditionsOf({ mcp: { tools: [] } }), 'MCP_SERVE_ADDITIONS_INVALID'],
    [
      () =>
        createMcpServer({
          runtime,
          crew,
          resources: [defineMcpResource({ uri: 'orkeon://deliverables/out/note.md', name: 'x', read })],
        }),
      'MCP_SERVE_RESOURCE_DUPLICATE',
    ],
    [
      () => createMcpServer({ runtime, crew, prompts: [defineMcpPrompt({ name: 'draft', get: () => [] })] }),
      'MCP_SERVE_PROMPT_DUPLICATE',
    ],
  ])('%#', (attempt, code) => {
    expect(attempt).toThrow(McpServerError);
    try {
      attempt();
    } catch (error) {
      expect((error as McpServerError).code).toBe(code);
    }
  });

  it('a module without an mcp export adds nothing', () => {
    expect(mcpServerAdditionsOf({ crew: {} })).toEqual({});
  });
});

describe('level-1 URI templates', () => {
  it('match what they expand, for any values', () => {
    const template = compileUriTemplate('notes://{folder}/items/{id}.json');
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (folder, id) => {
        const uri = template.expand({ folder, id });
        expect(template.match(uri)).toEqual({ folder, id });
      }),
    );
  });

  it('do not match URIs of another shape', () => {
    const template = compileUriTemplate('notes://{id}/text');
    for (const uri of [
      'notes://a/b/text',
      'notes:///text',
      'notes://a/text/more',
      'other://a/text',
      'notes://%E0%A4%A/text',
    ])
      expect(template.match(uri), uri).toBeUndefined();
  });
});
