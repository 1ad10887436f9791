// Writes docs/configuration.md from the settings schemas (npm run docs:config).
import { writeFile } from 'node:fs/promises';
import { renderConfigurationDocs } from '../packages/cli/src/configuration-docs.js';

const target = new URL('../docs/configuration.md', import.meta.url);
await writeFile(target, await renderConfigurationDocs());
process.stdout.write(`wrote ${target.pathname}\n`);
