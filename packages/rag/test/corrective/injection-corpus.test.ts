import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DocumentVerdict, validateDocument } from '../../src/index.js';

// The web fallback's injection check (the Guardian's detector, as on every ingested document)
// against a corpus: pages carrying injections modelled on published techniques and incidents,
// and benign pages, short web-like ones and this repository's own docs. The rates are in
// docs/rag.md; these bounds catch a detector change that makes them worse.

interface Corpus {
  readonly attacks: readonly { technique: string; text: string }[];
  readonly benign: readonly { about: string; text: string }[];
}

const repository = join(import.meta.dirname, '../../../..');
const corpus = JSON.parse(
  await readFile(join(import.meta.dirname, '../fixtures/injection-corpus.json'), 'utf8'),
) as Corpus;
const verdictOf = (text: string): DocumentVerdict['verdict'] =>
  validateDocument({ sourceId: 'page', location: 'page', kind: 'web', format: 'html', text }).verdict;

describe('the injection check on a corpus of web pages', () => {
  it('catches at least three attacks in four (rejected or suspicious), rejecting most', () => {
    const verdicts = corpus.attacks.map((attack) => verdictOf(attack.text));
    const rejected = verdicts.filter((verdict) => verdict === 'Rejected').length;
    const caught = verdicts.filter((verdict) => verdict !== 'Clean').length;
    expect(corpus.attacks.length).toBe(40);
    expect(caught / corpus.attacks.length).toBeGreaterThanOrEqual(0.75);
    expect(rejected / corpus.attacks.length).toBeGreaterThanOrEqual(0.7);
  });

  it('flags at most one short benign page in ten, even those about prompts and jailbreaks', () => {
    const flagged = corpus.benign.filter((page) => verdictOf(page.text) !== 'Clean');
    expect(corpus.benign.length).toBe(20);
    expect(flagged.length / corpus.benign.length).toBeLessThanOrEqual(0.1);
  });

  it('on long technical pages that quote attacks (this repository’s docs), flags fewer than one in three', async () => {
    const folder = join(repository, 'docs');
    const pages = (await readdir(folder)).filter((name) => name.endsWith('.md'));
    const texts = await Promise.all(pages.map((name) => readFile(join(folder, name), 'utf8')));
    const flagged = texts.filter((text) => verdictOf(text) !== 'Clean');
    expect(pages.length).toBeGreaterThan(30);
    expect(flagged.length / pages.length).toBeLessThan(1 / 3);
  });
});
