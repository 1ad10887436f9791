import { describeAllowed } from './describe-allowed.js';
import { isSecretKey } from './secret-keys.js';
import type { SettingsJsonSchema, SettingsSection } from './settings-section.js';

/**
 * A Markdown reference of settings sections: one table per section with every key,
 * what it allows, its default and its description. `docs/configuration.md` is made
 * with it, so the docs list exactly the keys the code knows.
 */
export function renderSettingsReference(sections: readonly SettingsSection[]): string {
  const ordered = [...sections].sort((a, b) => a.path.localeCompare(b.path));
  return ordered.map(renderSection).join('\n');
}

function renderSection(section: SettingsSection): string {
  const rows = [...flatten(section.jsonSchema, [])].map(({ path, schema }) => {
    const key = [...section.segments, ...path].join(':');
    const secret = path.some(isSecretKey) ? ' Secret: never logged or shown in errors.' : '';
    const defaultValue = schema.default === undefined ? '—' : `\`${JSON.stringify(schema.default)}\``;
    const description = `${schema.description ?? ''}${secret}`.trim();
    return `| \`${key}\` | ${escapeCell(describeAllowed(schema))} | ${defaultValue} | ${escapeCell(description)} |`;
  });
  const example = `SVC_${section.segments.join('__')}__<Key>`;
  return [
    `## \`${section.path}\``,
    '',
    section.description,
    '',
    `Environment variables: \`${example}\`.`,
    '',
    '| Key | Allowed | Default | Description |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

function* flatten(
  schema: SettingsJsonSchema,
  path: string[],
): Generator<{ path: string[]; schema: SettingsJsonSchema }> {
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    if (child.type === 'object' && child.properties !== undefined) yield* flatten(child, [...path, name]);
    else yield { path: [...path, name], schema: child };
  }
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}
