import { Tokenizer } from '@huggingface/tokenizers';
import { tinyTokenizerJson, tinyCrossEncoderVocabulary as vocabulary } from '@orkeon/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairLengths } from '../src/pair-truncation.js';
import { TextPairEncoder } from '../src/text-pair-encoder.js';
import { repeated } from './support/candidates.js';

// The pair encoding against the tokenizer library's own, and the truncation's rules as properties.

const tokenizer = new Tokenizer(tinyTokenizerJson(), {});
const encoder = (maxLength: number, truncationSide: 'left' | 'right' = 'right') =>
  new TextPairEncoder(tokenizer, { maxLength, truncationSide });
const id = (token: string) => vocabulary.indexOf(token);

describe('TextPairEncoder', () => {
  it('encodes a pair that fits exactly as @huggingface/tokenizers does: [CLS] question [SEP] passage [SEP]', () => {
    const question = 'How many hearts does an octopus have?';
    const passages = ['The octopus has three hearts.', 'Owls hunt at night, far from cats!'];
    const pairs = encoder(512).encodeAll(question, passages);
    passages.forEach((passage, index) => {
      const reference = tokenizer.encode(question, { text_pair: passage, return_token_type_ids: true });
      expect(pairs[index]).toEqual({ ids: reference.ids, typeIds: reference.token_type_ids });
    });
    expect(pairs[0]?.ids.slice(0, 2)).toEqual([id('[CLS]'), id('how')]);
    expect(pairs[0]?.ids.at(-1)).toBe(id('[SEP]'));
    // An empty passage is still a pair (the library's encode would treat '' as no pair at all).
    const [empty] = encoder(512).encodeAll('owls?', ['']);
    expect(empty).toEqual({
      ids: [id('[CLS]'), id('owls'), id('?'), id('[SEP]'), id('[SEP]')],
      typeIds: [0, 0, 0, 0, 1],
    });
  });

  it('cuts the passage to fit, from the end or (truncation_side left) from the start, never the template', () => {
    const passage = `octopus ${repeated('filler', 30)} hearts`;
    const right = encoder(16).encodeAll('owls?', [passage])[0];
    expect(right?.ids).toHaveLength(16);
    // [CLS] owls ? [SEP] + 11 passage tokens + [SEP]
    expect(right?.ids.slice(0, 5)).toEqual([id('[CLS]'), id('owls'), id('?'), id('[SEP]'), id('octopus')]);
    expect(right?.ids.at(-1)).toBe(id('[SEP]'));
    expect(right?.typeIds).toEqual([0, 0, 0, 0, ...new Array<number>(12).fill(1)]);
    const left = encoder(16, 'left').encodeAll('owls?', [passage])[0];
    expect(left?.ids.slice(-2)).toEqual([id('hearts'), id('[SEP]')]);
    expect(left?.ids).not.toContain(id('octopus'));
  });

  it('gives words outside the vocabulary the unknown token', () => {
    const [pair] = encoder(512).encodeAll('zebras?', ['Giraffes.']);
    expect(pair?.ids).toEqual([id('[CLS]'), id('[UNK]'), id('?'), id('[SEP]'), id('[UNK]'), id('.'), id('[SEP]')]);
  });
});

describe('pairLengths', () => {
  const lengths = fc.nat({ max: 5000 });
  const budgets = fc.integer({ min: 2, max: 8192 });

  it('never exceeds the budget, and keeps everything when the pair fits', () => {
    fc.assert(
      fc.property(lengths, lengths, budgets, (question, passage, budget) => {
        const kept = pairLengths(question, passage, budget);
        expect(kept.question + kept.passage).toBeLessThanOrEqual(budget);
        expect(kept.question).toBeLessThanOrEqual(question);
        expect(kept.passage).toBeLessThanOrEqual(passage);
        if (question + passage <= budget) expect(kept).toEqual({ question, passage });
        // Nothing is cut that the budget had room for.
        else expect(kept.question + kept.passage).toBe(budget);
      }),
    );
  });

  it('keeps the question whole when it takes at most half, and leaves the passage at least half otherwise', () => {
    fc.assert(
      fc.property(lengths, lengths, budgets, (question, passage, budget) => {
        const kept = pairLengths(question, passage, budget);
        if (question <= Math.floor(budget / 2)) expect(kept.question).toBe(question);
        expect(kept.passage).toBeGreaterThanOrEqual(Math.min(passage, Math.ceil(budget / 2)));
      }),
    );
  });
});
