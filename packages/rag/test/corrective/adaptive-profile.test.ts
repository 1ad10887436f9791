import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RagError } from '../../src/index.js';
import { classifyQuery } from '../../src/query/query-classifier.js';
import { type CorrectiveContext, gradeHolding, startCorrectiveContext } from './corrective-fixture.js';

// The adaptive profile: a classifier routes each question; single shot runs as balanced,
// iterative as corrective, no retrieval is answered by the model alone.

let context: CorrectiveContext;

beforeEach(async () => {
  context = await startCorrectiveContext();
});
afterEach(async () => {
  await context.close();
});

describe('the adaptive profile', () => {
  it('routes a plain question as balanced (hybrid, reranked) after a route step', async () => {
    const rag = await context.start({ Profile: 'adaptive', Rerank: { Kind: 'llm' } });
    // The llm reranker, then the answer.
    context.server.enqueue({ text: '1' }, { text: 'Three [1].' });
    const answer = await rag.answer({ text: 'How many hearts do octopuses have?', collection: 'docs' });
    expect(answer.trace.map((step) => step.stage)).toEqual([
      'route',
      'transform',
      'retrieve',
      'fuse',
      'rerank',
      'assemble',
      'generate',
    ]);
    expect(answer.trace[0]?.detail).toEqual({ route: 'SingleShot', classifier: 'heuristic' });
    expect(answer.trace[2]?.detail).toMatchObject({ hybrid: true });
    expect(answer.trace[4]?.detail).toMatchObject({ kind: 'llm' });
  });

  it('routes a comparison as corrective', async () => {
    const rag = await context.start({ Profile: 'adaptive', Rerank: { Kind: 'llm' } });
    // Rerank:Kind llm holds for the corrective route's searches too: the rerank, the grade, the answer, the check.
    context.server.enqueue({ text: '1' }, gradeHolding('hearts'), { text: 'They differ [1][2].' }, { text: '1' });
    const answer = await rag.answer({
      text: 'Compare the hearts of octopuses and the mounts of Orkeon',
      collection: 'docs',
    });
    expect(answer.trace[0]?.detail).toEqual({ route: 'Iterative', classifier: 'heuristic' });
    expect(answer.trace.slice(1).every((step) => step.stage.startsWith('corrective:'))).toBe(true);
    expect(answer.text).toBe('They differ [1][2].');
    expect(context.server.pendingAnswers).toBe(0);
  });

  it('answers small talk without retrieval: no passages, the model alone', async () => {
    const rag = await context.start({ Profile: 'adaptive', Rerank: { Kind: 'llm' } });
    context.server.enqueue({ text: 'You are welcome.' });
    const embeddingsBefore = context.server.requests.filter((request) => request.path.endsWith('/embeddings')).length;
    const answer = await rag.answer({ text: 'Thanks!', collection: 'docs' });
    expect(answer).toMatchObject({ text: 'You are welcome.', passages: [], citations: [], grounded: false });
    expect(answer.trace.map((step) => step.stage)).toEqual(['route', 'generate']);
    expect(context.server.requests.filter((request) => request.path.endsWith('/embeddings')).length).toBe(
      embeddingsBefore,
    );
  });

  it('Classifier llm: the model names the route', async () => {
    const rag = await context.start({ Profile: 'adaptive', Rerank: { Kind: 'llm' }, Adaptive: { Classifier: 'llm' } });
    // One passage found: nothing to rerank, so no rerank call.
    context.server.enqueue({ text: 'Iterative' }, gradeHolding('hearts'), { text: 'Three [1].' }, { text: '1' });
    const answer = await rag.answer({ text: 'How many hearts do octopuses have?', collection: 'docs' });
    expect(answer.trace[0]?.detail).toEqual({ route: 'Iterative', classifier: 'llm' });
    expect(answer.trace[1]?.stage).toBe('corrective:retrieve');
    expect(answer.text).toBe('Three [1].');
    expect(context.server.pendingAnswers).toBe(0);
  });

  it('without the cross-encoder fails at the first query, whatever the route', async () => {
    const rag = await context.start({ Profile: 'adaptive' });
    const failure = await rag.answer({ text: 'Thanks!', collection: 'docs' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RagError);
    expect((failure as Error).message).toContain("Svc:Rag:Profile 'adaptive' needs the cross-encoder reranker");
    expect(context.server.requests.filter((request) => request.path.endsWith('/chat/completions'))).toEqual([]);
  });

  it('Rerank:Kind none is refused too', async () => {
    const rag = await context.start({ Profile: 'adaptive', Rerank: { Kind: 'none' } });
    const failure = await rag.answer({ text: 'Thanks!', collection: 'docs' }).catch((error: unknown) => error);
    expect((failure as Error).message).toContain("Svc:Rag:Profile 'adaptive' needs a reranker");
  });
});

describe('classifyQuery (heuristic)', () => {
  it.each([
    ['hello', 'NoRetrieval'],
    ['Thank you!', 'NoRetrieval'],
    ['What is a mount?', 'SingleShot'],
    ['Which Node version does Orkeon need?', 'SingleShot'],
    ['What is the difference between ro and rw mounts?', 'Iterative'],
    ['How do I install it? And how do I mount a folder?', 'Iterative'],
    ['Compare the balanced and quality profiles', 'Iterative'],
  ])('%s → %s', async (question, route) => {
    expect((await classifyQuery(question, 'heuristic', undefined)).route).toBe(route);
  });

  it('an llm reply naming no route falls back to the heuristic', async () => {
    const model = { complete: async () => ({ output: 'I am not sure.' }) };
    expect(await classifyQuery('What is a mount?', 'llm', model)).toEqual({
      route: 'SingleShot',
      classifier: 'heuristic',
    });
  });
});
