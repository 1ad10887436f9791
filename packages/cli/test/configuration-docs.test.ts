import { readFile } from 'node:fs/promises';
import type { SettingsJsonSchema } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { renderConfigurationDocs } from '../src/configuration-docs.js';
import { cliSettingsSections } from '../src/settings-sections.js';

describe('docs/configuration.md', () => {
  const docsPath = new URL('../../../docs/configuration.md', import.meta.url);

  it('is what the settings schemas generate (run `npm run docs:config` to update it)', async () => {
    expect(await readFile(docsPath, 'utf8')).toBe(await renderConfigurationDocs());
  });

  it('lists every key of every section the command knows', async () => {
    const docs = await readFile(docsPath, 'utf8');
    const leafKeys = (schema: SettingsJsonSchema, path: string): string[] =>
      Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
        child.type === 'object' && child.properties !== undefined
          ? leafKeys(child, `${path}:${key}`)
          : [`${path}:${key}`],
      );
    for (const section of cliSettingsSections) {
      for (const key of leafKeys(section.jsonSchema, section.path)) expect(docs).toContain(`| \`${key}\` |`);
    }
  });
});
