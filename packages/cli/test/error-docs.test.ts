import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findCodeUses,
  loadErrorRegistries,
  packageFolders,
  sourceFiles,
  workspaceRoot,
} from '../../../scripts/error-codes-catalogue.js';
import { renderErrorDocs } from '../../../scripts/error-docs.js';

const registries = await loadErrorRegistries();

async function manifestOf(folder: string): Promise<{ name: string; dependencies?: Record<string, string> }> {
  return JSON.parse(await readFile(join(workspaceRoot, 'packages', folder, 'package.json'), 'utf8'));
}

/** The codes a package may throw: its own and those of the Orkeon packages it depends on. */
async function allowedCodes(folder: string): Promise<Set<string>> {
  const manifest = await manifestOf(folder);
  const names = new Set([manifest.name, ...Object.keys(manifest.dependencies ?? {})]);
  return new Set(
    registries.filter((registry) => names.has(registry.packageName)).flatMap((registry) => Object.keys(registry.codes)),
  );
}

describe('docs/errors.md', () => {
  it('is what the registries generate (run `npm run docs:errors` to update it)', async () => {
    const docs = await readFile(join(workspaceRoot, 'docs', 'errors.md'), 'utf8');
    expect(docs).toBe(await renderErrorDocs());
  });

  it('lists every registered code with its package', async () => {
    const docs = await readFile(join(workspaceRoot, 'docs', 'errors.md'), 'utf8');
    for (const registry of registries) {
      expect(docs).toContain(`## ${registry.packageName}\n`);
      for (const code of Object.keys(registry.codes)) expect(docs).toMatch(new RegExp(`^\\| \`${code}\` \\|`, 'm'));
    }
  });
});

describe('error-code registries', () => {
  it('exist for core and every package that throws codes of its own', async () => {
    const withRegistry = new Set(registries.map((registry) => registry.folder));
    expect([...withRegistry]).toEqual(expect.arrayContaining(['core', 'a2a', 'providers', 'cli', 'testing']));
    for (const folder of (await packageFolders()).filter((name) => !withRegistry.has(name))) {
      const allowed = await allowedCodes(folder);
      const own = (await findCodeUses(folder)).filter((use) => !allowed.has(use.code));
      expect(own, `packages/${folder} throws codes of its own: give it src/errors/error-codes.ts`).toEqual([]);
    }
  });

  it('are exported from their package main entry', async () => {
    for (const registry of registries) {
      const entry = (await import(registry.packageName)) as Record<string, unknown>;
      expect(entry[registry.exportName], `${registry.packageName} exports ${registry.exportName}`).toEqual(
        registry.codes,
      );
    }
  });

  it('spell codes AREA_OBJECT_PROBLEM, each in one registry, with a one-line description (a table cell)', () => {
    const seen = new Map<string, string>();
    for (const registry of registries) {
      for (const [code, description] of Object.entries(registry.codes)) {
        expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/);
        // The problem comes last: no leading INVALID_/UNKNOWN_/…, no trailing _ERROR.
        expect(code, `${code}: the problem word goes last`).not.toMatch(
          /^(INVALID|UNKNOWN|MISSING|NO|NOT|UNSAFE|UNREADABLE|DUPLICATE)_|_ERROR$/,
        );
        expect(seen.get(code), `${code} is in ${seen.get(code)} and ${registry.packageName}`).toBeUndefined();
        seen.set(code, registry.packageName);
        expect(description, code).toMatch(/^[^\n|]+$/);
      }
    }
  });

  it('hold every code literal the sources give an error (belt and braces beside the types)', async () => {
    for (const folder of await packageFolders()) {
      const allowed = await allowedCodes(folder);
      const unregistered = (await findCodeUses(folder)).filter((use) => !allowed.has(use.code));
      expect(unregistered.map((use) => `${use.location}: ${use.code} (${use.errorClass})`)).toEqual([]);
    }
  });

  it('hold no code the sources never use', async () => {
    for (const registry of registries) {
      const uses = await findCodeUses(registry.folder);
      const sources = await readSources(registry.folder);
      for (const code of Object.keys(registry.codes)) {
        const used = uses.some((use) => use.code === code) || sources.includes(`'${code}'`);
        expect(used, `${registry.packageName}: ${code} is registered but never thrown`).toBe(true);
      }
    }
  });

  it('find a code passed to an error, whatever the form', async () => {
    const core = await findCodeUses('core');
    const classesOf = (code: string) => core.filter((use) => use.code === code).map((use) => use.errorClass);
    expect(classesOf('MOUNT_INVALID')).toContain('MountError'); // super('…')
    expect(classesOf('LLM_PROVIDER_FAILED')).toContain('LlmProviderError'); // super(options.code ?? '…')
    expect(classesOf('LLM_RATE_LIMITED')).toContain('LlmRateLimitError'); // code: '…' in an error class
    expect(classesOf('RUNTIME_DISPOSED')).toContain('OrkeonError'); // new OrkeonError<…>('…')
    expect(classesOf('TOOL_UNKNOWN')).toContain('ToolRegistryError'); // new XError(\n '…'
  });
});

async function readSources(folder: string): Promise<string> {
  const files = (await sourceFiles(join(workspaceRoot, 'packages', folder, 'src'))).filter(
    (file) => !file.endsWith(join('errors', 'error-codes.ts')),
  );
  return (await Promise.all(files.map((file) => readFile(file, 'utf8')))).join('\n');
}
