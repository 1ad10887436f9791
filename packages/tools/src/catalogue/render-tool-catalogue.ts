import type { ToolFamilyAvailability } from './load-tool-family.js';
import type { TestedToolCatalogueEntry } from './tested-catalogue-entry.js';

/** The comments around the generated table in docs/tools.md. */
export const toolCatalogueMarkers = {
  start: '<!-- tool-catalogue:start (made by scripts/generate-tool-catalogue.ts; do not edit by hand) -->',
  end: '<!-- tool-catalogue:end -->',
} as const;

/**
 * The catalogue table of every family that could be loaded (name, family, access
 * class, what it needs, how it is tested), then one line per family skipped, saying why.
 */
export function renderToolCatalogue(families: readonly ToolFamilyAvailability[]): string {
  const rows = ['| Tool | Family | Access | Needs | How it is tested |', '| --- | --- | --- | --- | --- |'];
  const skipped: string[] = [];
  for (const availability of families) {
    if ('error' in availability) {
      skipped.push(
        `- Family \`${availability.name}\` (\`${availability.packageName}\`) is not listed: ${availability.error.code === 'TOOLS_FAMILY_EXPORT_MISSING' ? `the package does not export its family object yet.` : 'the package is not installed here.'}`,
      );
      continue;
    }
    for (const entry of availability.family.catalogue as readonly TestedToolCatalogueEntry[]) {
      const tested = entry.tested ?? `see [tools-${availability.name}.md](tools-${availability.name}.md)`;
      rows.push(
        `| \`${entry.name}\` | ${availability.name} | ${entry.access} | ${cell(entry.needs ?? '-')} | ${cell(tested)} |`,
      );
    }
  }
  return [...rows, ...(skipped.length === 0 ? [] : ['', ...skipped])].join('\n');
}

/** `text` with the part between the markers replaced by `table`; undefined when the markers are missing. */
export function replaceToolCatalogue(text: string, table: string): string | undefined {
  const start = text.indexOf(toolCatalogueMarkers.start);
  const end = text.indexOf(toolCatalogueMarkers.end);
  if (start === -1 || end === -1 || end < start) return undefined;
  return `${text.slice(0, start + toolCatalogueMarkers.start.length)}\n${table}\n${text.slice(end)}`;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replace(/\s+/g, ' ');
}
