import { readFile } from 'node:fs/promises';
import {
  Configuration,
  coreSettingsSections,
  defineTool,
  inToolFamily,
  type Tool,
  type ToolFamily,
  toolFamilyOf,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  expandToolFamilies,
  knownToolFamilyNames,
  listToolCatalogue,
  loadToolFamilies,
  renderToolCatalogue,
  replaceToolCatalogue,
  sessionFamily,
  shellFamily,
  toolCatalogueMarkers,
  toolFamilyGroups,
  toolFamilyReferenceProblem,
} from '../../src/index.js';

const tool = (name: string, family?: string): Tool => {
  const made = defineTool({ name, description: `${name} tool`, input: z.strictObject({}), execute: async () => name });
  return family === undefined ? made : inToolFamily(made, family);
};

describe('docs/tools.md', () => {
  it('holds the catalogue the families generate (run scripts/generate-tool-catalogue.ts to update it)', async () => {
    const page = await readFile(new URL('../../../../docs/tools.md', import.meta.url), 'utf8');
    const table = renderToolCatalogue(await loadToolFamilies());
    expect(replaceToolCatalogue(page, table)).toBe(page);
    expect(page).toContain('| `session_stats` | session | Read |');
  });

  it('replaces only what lies between the markers, and finds no place without them', () => {
    const page = `# T\n\n${toolCatalogueMarkers.start}\nold\n${toolCatalogueMarkers.end}\n\nafter\n`;
    expect(replaceToolCatalogue(page, 'new')).toBe(
      `# T\n\n${toolCatalogueMarkers.start}\nnew\n${toolCatalogueMarkers.end}\n\nafter\n`,
    );
    expect(replaceToolCatalogue('# T\n', 'new')).toBeUndefined();
  });

  it('says why a family is left out of the table', async () => {
    const families = await loadToolFamilies({ families: ['session', 'web'], load: async () => ({}) });
    const table = renderToolCatalogue(families);
    expect(table).toContain(
      '- Family `web` (`@orkeon/tools-web`) is not listed: the package does not export its family object yet.',
    );
    expect(table.split('\n').filter((line) => line.startsWith('| `'))).toHaveLength(5);
  });
});

describe('the built-in families', () => {
  const configuration = Configuration.fromObject({}, [
    ...coreSettingsSections,
    ...sessionFamily.settingsSections,
    ...shellFamily.settingsSections,
  ]);

  it.each([sessionFamily, shellFamily])(
    '$name builds exactly the tools its catalogue lists, with their access',
    async (family: ToolFamily) => {
      const tools = await family.createTools({ configuration, logger: captureLogger().logger });
      expect(tools.map((built) => [built.name, built.access])).toEqual(
        family.catalogue.map((entry) => [entry.name, entry.access]),
      );
      for (const built of tools) expect(toolFamilyOf(built)).toBe(family.name);
      expect(knownToolFamilyNames()).toContain(family.name);
    },
  );
});

describe('family:<name> in a crew', () => {
  const tools = [
    tool('file_read'),
    tool('session_store', 'session'),
    tool('session_stats', 'session'),
    tool('shell_command', 'shell'),
  ];

  it('groups the tools by family and expands a reference to them, once each', () => {
    const groups = toolFamilyGroups(tools);
    expect([...groups]).toEqual([
      ['family:session', ['session_store', 'session_stats']],
      ['family:shell', ['shell_command']],
    ]);
    expect(expandToolFamilies(['session_stats', 'FAMILY:Session', 'file_read', 'family:web'], groups)).toEqual([
      'session_stats',
      'session_store',
      'file_read',
      'family:web',
    ]);
  });

  it('explains a reference that names no tools: unknown family, or a known one with nothing here', () => {
    expect(toolFamilyReferenceProblem('family:weather')).toBe(
      "unknown tool family 'weather'; known families: shell, session, web, data, database, email, code.",
    );
    expect(toolFamilyReferenceProblem('family:email')).toBe(
      "the tool family 'email' offers no tools here: install @orkeon/tools-email if it is missing, and check its settings (orkeon run --list-tools shows which tools a setting has not enabled).",
    );
    expect(toolFamilyReferenceProblem('file_read')).toBeUndefined();
  });

  it('expansion keeps every plain name, drops every present family reference, and repeats nothing (property)', () => {
    const groups = toolFamilyGroups(tools);
    const name = fc.constantFrom(
      'file_read',
      'session_store',
      'x_tool',
      'family:session',
      'family:shell',
      'family:web',
      'mcp:s',
    );
    fc.assert(
      fc.property(fc.array(name, { maxLength: 12 }), (names) => {
        const expanded = expandToolFamilies(names, groups);
        const lower = expanded.map((entry) => entry.toLowerCase());
        expect(new Set(lower).size).toBe(lower.length);
        for (const entry of names) {
          const members = groups.get(entry.toLowerCase());
          for (const member of members ?? [entry]) expect(lower).toContain(member.toLowerCase());
          if (members !== undefined) expect(lower).not.toContain(entry.toLowerCase());
        }
      }),
    );
  });
});

describe('the listing of --list-tools', () => {
  it('marks catalogue tools a setting has not enabled, labels the rest, and names a missing package', () => {
    const registered = [
      tool('file_read'),
      Object.assign(tool('remote_echo'), { mcpServerId: 'srv' }),
      tool('session_stats', 'session'),
    ];
    const missing = new Error('The tool family web is not installed.');
    const { tools, unavailable } = listToolCatalogue(registered, [
      { name: 'session', packageName: '@orkeon/tools', family: sessionFamily },
      {
        name: 'web',
        packageName: '@orkeon/tools-web',
        error: Object.assign(missing, { code: 'TOOLS_FAMILY_PACKAGE_MISSING' }) as never,
      },
    ]);
    expect(tools.map((entry) => [entry.name, entry.family, entry.enabled])).toEqual([
      ['file_read', '-', true],
      ['remote_echo', 'mcp:srv', true],
      ['session_cost', 'session', false],
      ['session_snip', 'session', false],
      ['session_stats', 'session', true],
      ['session_store', 'session', false],
      ['token_budget', 'session', false],
    ]);
    expect(tools.find((entry) => entry.name === 'session_cost')?.needs).toMatch(/^an agent or crew run/);
    expect(unavailable).toEqual([
      { family: 'web', packageName: '@orkeon/tools-web', reason: 'The tool family web is not installed.' },
    ]);
  });
});
