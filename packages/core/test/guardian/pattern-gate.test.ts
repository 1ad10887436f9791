import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { patternWordsById } from '../../../../scripts/required-pattern-words.js';
import { injectionPatternWords } from '../../src/guardian/injection-pattern-words.js';
import { injectionPatterns } from '../../src/guardian/injection-patterns.js';
import { PatternGate } from '../../src/guardian/pattern-gate.js';
import { textVariants } from '../../src/guardian/text-variants.js';

const corpus = async (name: string) =>
  (await readFile(new URL(`../../../../bench/guardian-corpus/${name}.jsonl`, import.meta.url), 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { text: string }).text);

describe('the pattern gate', () => {
  const gate = new PatternGate(
    injectionPatterns.map((pattern) => pattern.id),
    injectionPatternWords,
  );

  it('the committed words are the ones the patterns give (regenerate: node --conditions=@orkeon/source --import tsx scripts/generate-injection-pattern-words.ts)', () => {
    expect(injectionPatternWords).toEqual(patternWordsById(injectionPatterns));
  });

  it('gives most patterns words to look for', () => {
    expect(Object.keys(injectionPatternWords).length).toBeGreaterThan(injectionPatterns.length * 0.9);
  });

  it('never holds back a pattern that matches: every reading of every corpus text', async () => {
    const texts = [...(await corpus('development')), ...(await corpus('held-out'))];
    expect(texts.length).toBeGreaterThan(700);
    let matches = 0;
    for (const text of texts)
      for (const variant of textVariants(text)) {
        const candidates = gate.candidates(variant.text);
        injectionPatterns.forEach((pattern, index) => {
          if (!pattern.pattern.test(variant.text)) return;
          matches++;
          expect({ pattern: pattern.id, text: variant.text, passed: candidates.has(index) }).toMatchObject({
            passed: true,
          });
        });
      }
    expect(matches).toBeGreaterThan(300);
  });

  it('lets few patterns through for plain text, and finds words across upper case and overlaps', () => {
    expect(gate.candidates('What is the answer?').size).toBeLessThan(15);
    const index = injectionPatterns.findIndex((pattern) => pattern.id === 'override');
    expect(gate.candidates('PLEASE IGNORE the rest').has(index)).toBe(true);
    expect(gate.candidates('please ig nore').has(index)).toBe(false);
  });
});
