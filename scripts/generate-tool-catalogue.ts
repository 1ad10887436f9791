// Writes the tool catalogue table of docs/tools.md from the families' catalogues (npm run docs:tools).
import { readFile, writeFile } from 'node:fs/promises';
import { loadToolFamilies, renderToolCatalogue, replaceToolCatalogue, toolCatalogueMarkers } from '@orkeon/tools';

const target = new URL('../docs/tools.md', import.meta.url);
const families = await loadToolFamilies();
const page = replaceToolCatalogue(await readFile(target, 'utf8'), renderToolCatalogue(families));
if (page === undefined) {
  process.stderr.write(
    `${target.pathname} has no ${toolCatalogueMarkers.start} … ${toolCatalogueMarkers.end} markers.\n`,
  );
  process.exit(1);
}
await writeFile(target, page);
for (const family of families) {
  if ('error' in family) process.stdout.write(`skipped the family ${family.name}: ${family.error.message}\n`);
}
process.stdout.write(`wrote ${target.pathname}\n`);
