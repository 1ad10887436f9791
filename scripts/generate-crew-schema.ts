// Writes packages/core/schema/crew.schema.json, the crew YAML schema for editors, from the zod schema.
import { mkdir, writeFile } from 'node:fs/promises';
import { crewJsonSchema } from '../packages/core/src/crew/crew-json-schema.js';

const target = new URL('../packages/core/schema/crew.schema.json', import.meta.url);
await mkdir(new URL('.', target), { recursive: true });
await writeFile(target, `${JSON.stringify(crewJsonSchema(), null, 2)}\n`);
process.stdout.write(`wrote ${target.pathname}\n`);
