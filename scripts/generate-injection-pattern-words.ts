// Writes packages/core/src/guardian/injection-pattern-words.ts: for each injection pattern, the words
// every match of it holds, so the screen runs only the patterns whose words a text contains.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { injectionPatterns } from '../packages/core/src/guardian/injection-patterns.js';
import { renderInjectionPatternWords } from './required-pattern-words.js';

const target = new URL('../packages/core/src/guardian/injection-pattern-words.ts', import.meta.url);
await writeFile(target, renderInjectionPatternWords(injectionPatterns));
// Formatted as the linter wants it, so the committed file passes `npm run lint` as generated.
execFileSync(fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url)), [
  'format',
  '--write',
  fileURLToPath(target),
]);
process.stdout.write(`wrote ${target.pathname}\n`);
