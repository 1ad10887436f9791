// Writes packages/core/schema/crew.schema.json, the crew YAML schema for editors, from the zod schema.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { crewJsonSchema } from '../packages/core/src/crew/crew-json-schema.js';

const target = new URL('../packages/core/schema/crew.schema.json', import.meta.url);
await mkdir(new URL('.', target), { recursive: true });
await writeFile(target, `${JSON.stringify(crewJsonSchema(), null, 2)}\n`);
// Formatted as the linter wants it, so the committed file passes `npm run lint` as generated.
execFileSync(fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url)), [
  'format',
  '--write',
  fileURLToPath(target),
]);
process.stdout.write(`wrote ${target.pathname}\n`);
