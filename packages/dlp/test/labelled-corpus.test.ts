import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RegexPiiDetector } from '../src/index.js';

interface Sample {
  readonly id: string;
  readonly text: string;
  readonly pii: readonly { readonly type: string; readonly value: string }[];
}

const folder = new URL('../../../bench/dlp-corpus/', import.meta.url);
const corpus = async (name: string): Promise<Sample[]> =>
  (await readFile(new URL(`${name}.jsonl`, folder), 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Sample);

describe('the labelled corpus of bench/dlp-corpus', () => {
  it('passes its own checker (check digits, ranges, every value in its text, counts)', async () => {
    const checker = fileURLToPath(new URL('check-corpus.ts', folder));
    const run = promisify(execFile)(process.execPath, ['--import', import.meta.resolve('tsx'), checker]);
    await expect(run).resolves.toBeDefined();
  });

  it('the detector finds every labelled item of the development half, and nothing else', async () => {
    const detector = new RegexPiiDetector();
    const wrong: string[] = [];
    for (const sample of await corpus('development')) {
      const found = detector.scan(sample.text).map((match) => `${match.type} ${match.value}`);
      const labelled = [...new Set(sample.pii.map((item) => `${item.type} ${item.value}`))];
      for (const item of labelled) if (!found.includes(item)) wrong.push(`${sample.id}: missed ${item}`);
      for (const item of found) if (!labelled.includes(item)) wrong.push(`${sample.id}: wrongly found ${item}`);
    }
    expect(wrong).toEqual([]);
  });
});
