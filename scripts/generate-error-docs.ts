// Writes docs/errors.md from the error-code registries of every package (npm run docs:errors).
import { writeFile } from 'node:fs/promises';
import { renderErrorDocs } from './error-docs.js';

const target = new URL('../docs/errors.md', import.meta.url);
await writeFile(target, await renderErrorDocs());
process.stdout.write(`wrote ${target.pathname}\n`);
