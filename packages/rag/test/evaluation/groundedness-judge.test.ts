import { describe, expect, it } from 'vitest';
import { checkGroundedness, scoreOf } from '../../src/query/groundedness-check.js';
import type { RagCitation } from '../../src/query/rag-answer.js';
import type { RagModel } from '../../src/query/rag-model.js';

const passage: RagCitation = {
  marker: 1,
  chunkId: '/docs/octopus.md#0',
  sourceId: '/docs/octopus.md',
  snippet: 'Octopuses have three hearts and blue blood.',
  score: 0.9,
  start: 0,
  end: 43,
};

function answering(reply: string): RagModel & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    prompts,
    async complete(prompt) {
      prompts.push(prompt);
      return { output: reply };
    },
  };
}

describe('the groundedness check', () => {
  it('reads a score from the judge’s reply in the forms models write it', () => {
    expect(scoreOf('0.9')).toBe(0.9);
    expect(scoreOf('Score: 1')).toBe(1);
    expect(scoreOf('.25')).toBe(0.25);
    expect(scoreOf('80%')).toBe(0.8);
    expect(scoreOf('7 statements, 0.4 supported')).toBe(0.4);
    expect(scoreOf('Yes.')).toBe(1);
    expect(scoreOf('No, the second statement is not in the passages.')).toBe(0);
    expect(scoreOf('I cannot tell')).toBeUndefined();
  });

  it('asks the model with the passages and the answer; grounded from 0.5 up', async () => {
    const model = answering('0.9');
    expect(await checkGroundedness('Octopuses have three hearts [1].', [passage], model)).toEqual({
      score: 0.9,
      verdict: 'grounded',
      judge: 'model',
    });
    expect(model.prompts[0]).toContain('[1] Octopuses have three hearts and blue blood.');
    expect(await checkGroundedness('x', [passage], answering('0.5'))).toMatchObject({ verdict: 'grounded' });
    expect(await checkGroundedness('x', [passage], answering('0.49'))).toMatchObject({ verdict: 'ungrounded' });
  });

  it('without a model, or with a reply that is no score, matches the answer’s words against the passages', async () => {
    expect(
      await checkGroundedness('Octopuses have three hearts [1]. Owls hunt mice at night.', [passage], undefined),
    ).toEqual({
      score: 0.5,
      verdict: 'grounded',
      judge: 'words',
    });
    expect(await checkGroundedness('Owls hunt mice at night.', [passage], answering('hmm'))).toEqual({
      score: 0,
      verdict: 'ungrounded',
      judge: 'words',
    });
    const model = answering('1');
    expect(await checkGroundedness('anything', [], model)).toMatchObject({ score: 0, verdict: 'ungrounded' });
    expect(model.prompts).toEqual([]);
  });
});
