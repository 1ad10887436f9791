// Writes packages/core/schema/events.schema.json, the run event bus schema, from the zod schemas of the events.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runEventsJsonSchema } from '../packages/core/src/runtime/run-events.js';

const target = new URL('../packages/core/schema/events.schema.json', import.meta.url);
await mkdir(new URL('.', target), { recursive: true });
await writeFile(target, `${JSON.stringify(runEventsJsonSchema(), null, 2)}\n`);
// Formatted as the linter wants it, so the committed file passes `npm run lint` as generated.
execFileSync(fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url)), [
  'format',
  '--write',
  fileURLToPath(target),
]);
process.stdout.write(`wrote ${target.pathname}\n`);
