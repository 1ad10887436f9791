import { Configuration, ConfigurationError, coreSettingsSections, defineTool, type Tool } from '@orkeon/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expandToolGroups, mcpSettings, mcpToolGroups, resultText, transportOf } from '../../src/index.js';

const judge = (servers: unknown) =>
  Configuration.fromObject({ MCP: { Servers: servers } } as never, [...coreSettingsSections, mcpSettings]).get(
    mcpSettings,
  );

function problemsOf(servers: unknown): string {
  try {
    judge(servers);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.message;
    throw error;
  }
  return '';
}

describe('the MCP settings section', () => {
  it('fills the defaults and reads Sse as Http', () => {
    const settings = judge({ web: { Transport: 'Sse', Url: 'http://127.0.0.1:3001/mcp' }, local: { Command: 'npx' } });
    expect(settings.Enabled).toBe(true);
    expect(settings.Servers.local).toMatchObject({
      Transport: 'Stdio',
      Args: [],
      Env: {},
      TimeoutSeconds: 60,
      LogLevel: 'off',
    });
    expect(settings.Servers.local?.ProtocolVersion).toBeUndefined();
    expect(transportOf(settings.Servers.web ?? ({} as never))).toBe('Http');
  });

  it.each([
    [{ local: { Transport: 'Stdio' } }, 'MCP:Servers:local:Command'],
    [{ web: { Transport: 'Http' } }, 'MCP:Servers:web:Url'],
    [{ web: { Transport: 'Http', Url: 'ftp://example.com/mcp' } }, 'MCP:Servers:web:Url'],
    [{ web: { Transport: 'Http', Url: 'http://x/mcp', Headers: { authorization: 'Bearer x' } } }, 'BearerToken'],
    [{ local: { Command: 'npx', Transport: 'Websocket' } }, 'MCP:Servers:local:Transport'],
    [{ local: { Command: 'npx', TimeoutSeconds: 0 } }, 'MCP:Servers:local:TimeoutSeconds'],
    [{ local: { Command: 'npx', Unknown: 1 } }, 'Unknown'],
    [{ local: { Command: 'npx', LogLevel: 'loud' } }, 'MCP:Servers:local:LogLevel'],
    [{ local: { Command: 'npx', LogLevel: 'warn' } }, 'one of "off", "debug", "info", "notice", "warning", "error"'],
    [{ local: { Command: 'npx', ProtocolVersion: '2025-03-26' } }, 'MCP:Servers:local:ProtocolVersion'],
    [
      { local: { Command: 'npx', ProtocolVersion: 'latest' } },
      'one of "2026-07-28", "2025-11-25", "2025-06-18", "2024-11-05"',
    ],
    [{ '1bad': { Command: 'npx' } }, '1bad'],
  ])('refuses %j, naming %s', (servers, named) => {
    expect(problemsOf(servers)).toContain(named);
  });
});

const tool = (name: string, mcpServerId?: string): Tool => {
  const defined = defineTool({ name, description: name, input: z.object({}), execute: async () => '' });
  return (mcpServerId === undefined ? defined : { ...defined, mcpServerId }) as Tool;
};

describe('mcp:<server-id> in tools:', () => {
  it('names all of one server’s tools, once each, in place', () => {
    const groups = mcpToolGroups([tool('a', 'one'), tool('b', 'one'), tool('c', 'two'), tool('file_read')]);
    expect([...groups.keys()]).toEqual(['mcp:one', 'mcp:two']);
    expect(expandToolGroups(['file_read', 'MCP:One', 'b', 'mcp:two', 'mcp:three'], groups)).toEqual([
      'file_read',
      'a',
      'b',
      'c',
      'mcp:three',
    ]);
  });

  it('never repeats a name, keeps first appearances in order, and includes every member of a named group', () => {
    const name = fc.stringMatching(/^[a-c][a-c_]{0,3}$/);
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('x', 'y'), fc.array(name, { maxLength: 4 })),
        fc.array(fc.oneof(name, fc.constantFrom('mcp:x', 'mcp:y', 'mcp:z')), { maxLength: 8 }),
        (servers, names) => {
          const groups = new Map(Object.entries(servers).map(([id, members]) => [`mcp:${id}`, members]));
          const expanded = expandToolGroups(names, groups);
          const lower = expanded.map((entry) => entry.toLowerCase());
          expect(new Set(lower).size).toBe(lower.length);
          for (const entry of names) {
            const members = groups.get(entry.toLowerCase()) ?? [entry];
            for (const member of members) expect(lower).toContain(member.toLowerCase());
          }
          // Order: each name where it first appears once the groups are spelled out.
          const flat = names.flatMap((entry) => groups.get(entry.toLowerCase()) ?? [entry]).map((e) => e.toLowerCase());
          expect(lower).toEqual(flat.filter((entry, index) => flat.indexOf(entry) === index));
        },
      ),
    );
  });
});

describe('what the model reads of a tool result', () => {
  it('joins text, describes other blocks, and falls back to structured content', () => {
    expect(
      resultText({
        content: [
          { type: 'text', text: 'one' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'resource', resource: { uri: 'x://a', text: 'embedded' } },
          { type: 'resource_link', uri: 'x://b', name: 'b' },
        ],
      }),
    ).toBe('one\n[image image/png, 3 bytes]\nembedded\n[resource link x://b (b)]');
    expect(resultText({ content: [], structuredContent: { sum: 5 } })).toBe('{"sum":5}');
  });
});
