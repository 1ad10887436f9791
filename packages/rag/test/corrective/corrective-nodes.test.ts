import { describe, expect, it } from 'vitest';
import { refinePassages } from '../../src/corrective/refine-passages.js';
import { gradeRelevance } from '../../src/corrective/relevance-grade.js';
import { rewriteQuery } from '../../src/corrective/rewrite-query.js';
import type { RagCitation } from '../../src/index.js';

// The corrective graph's nodes on their own: grading, refining, rewriting, with and without a model.

const passage = (marker: number, snippet: string): RagCitation => ({
  marker,
  chunkId: `s#${marker}`,
  sourceId: 's',
  snippet,
  score: 0,
  start: 0,
  end: snippet.length,
});
const replying = (output: string) => ({ complete: async () => ({ output }) });
const octopus = passage(1, 'Octopuses have three hearts. Their skin changes colour.');
const mounts = passage(2, 'A mount maps a folder to a virtual path.');

describe('gradeRelevance', () => {
  it('reads one score per passage from the model; a passage it leaves out is graded by its words', async () => {
    const grade = await gradeRelevance('How many hearts do octopuses have?', [octopus, mounts], replying('[1]: 0.8'));
    expect(grade).toEqual({ verdict: 'Correct', scores: [0.8, 0], judge: 'model' });
  });

  it('without a model, the share of the question’s words each passage holds', async () => {
    const grade = await gradeRelevance('How many hearts do octopuses have?', [octopus, mounts], undefined);
    // "many", "hearts", "octopuses": two of three.
    expect(grade.scores[0]).toBeCloseTo(2 / 3);
    expect(grade).toMatchObject({ verdict: 'Ambiguous', judge: 'words' });
  });

  it('a reply with no score is graded by the words; nothing found is Incorrect', async () => {
    expect((await gradeRelevance('hearts?', [octopus], replying('Sure!'))).judge).toBe('words');
    expect((await gradeRelevance('hearts?', [], replying('1: 1'))).verdict).toBe('Incorrect');
  });
});

describe('refinePassages', () => {
  it('keeps passages graded 0.5 or more, best first, renumbered; within them, the sentences about the question', () => {
    const refined = refinePassages('How many hearts do octopuses have?', [mounts, octopus], [0.2, 0.6]);
    expect(refined).toHaveLength(1);
    expect(refined[0]).toMatchObject({ marker: 1, snippet: 'Octopuses have three hearts.', score: 0.6 });
  });

  it('keeps the best passage whole when none reaches 0.5 and no sentence shares a word', () => {
    const refined = refinePassages('tides?', [mounts, octopus], [0.3, 0.1]);
    expect(refined).toEqual([{ ...mounts, score: 0.3, marker: 1 }]);
  });
});

describe('rewriteQuery', () => {
  it('the model’s first line, unquoted; a search already tried gives nothing new', async () => {
    expect(await rewriteQuery('q?', ['q?'], replying('"octopus heart count"\nmore'))).toBe('octopus heart count');
    expect(await rewriteQuery('q?', ['q?', 'octopus heart count'], replying('Octopus heart count'))).toBeUndefined();
  });

  it('without a model, the question’s content words, once', async () => {
    expect(await rewriteQuery('How many hearts do octopuses have?', ['x'], undefined)).toBe('many hearts octopuses');
    expect(await rewriteQuery('How many hearts?', ['many hearts'], undefined)).toBeUndefined();
  });
});
