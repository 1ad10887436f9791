import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { StudioPageMissingError } from './studio-errors.js';

/** Where the package keeps the built page: `dist/page`, beside `dist/*.js` and two folders up from `src/`. */
export function studioPageDirectory(): string {
  const directory = fileURLToPath(new URL('../dist/page/', import.meta.url));
  if (!existsSync(`${directory}index.html`)) throw new StudioPageMissingError(directory);
  return directory;
}
