import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RagError } from '../../src/index.js';
import { type CorrectiveContext, gradeHolding, lastUserText, startCorrectiveContext } from './corrective-fixture.js';

// The corrective profile's graph through the user's path: settings, addSvcRag, Rag.answer and
// the rag_search tool, with the scripted model grading, rewriting, answering and checking.

let context: CorrectiveContext;
const question = 'How many hearts do octopuses have?';
const stagesOf = (answer: { trace: readonly { stage: string }[] }) => answer.trace.map((step) => step.stage);

beforeEach(async () => {
  context = await startCorrectiveContext();
});
afterEach(async () => {
  await context.close();
});

describe('the corrective profile', () => {
  it('Correct: retrieve, evaluate against the original question, generate, check the groundedness', async () => {
    const rag = await context.start({ Profile: 'corrective' });
    context.server.enqueue(gradeHolding('three hearts'), { text: 'Octopuses have three hearts [1].' }, { text: '1' });
    const answer = await rag.answer({ text: question, collection: 'docs' });
    expect(stagesOf(answer)).toEqual([
      'corrective:retrieve',
      'corrective:evaluate',
      'corrective:generate',
      'corrective:check_groundedness',
    ]);
    expect(answer).toMatchObject({ text: 'Octopuses have three hearts [1].', grounded: true, bestEffort: false });
    expect(answer.groundedness).toMatchObject({ verdict: 'grounded', judge: 'model' });
    const chats = context.server.requests.filter((request) => request.path.endsWith('/chat/completions'));
    expect(lastUserText(chats[0])).toContain(`Question: ${question}`);
    expect(context.server.pendingAnswers).toBe(0);
  });

  it('Ambiguous: refine keeps the passages graded 0.5 or more, and their sentences about the question', async () => {
    const rag = await context.start({ Profile: 'corrective' });
    context.server.enqueue(gradeHolding('three hearts', 0.5, 0.2), { text: 'Three [1].' }, { text: '1' });
    const answer = await rag.answer({ text: question, collection: 'docs' });
    expect(stagesOf(answer)).toContain('corrective:refine');
    expect(answer.passages).toHaveLength(1);
    expect(answer.passages[0]).toMatchObject({ marker: 1, sourceId: '/docs/octopus.md', score: 0.5 });
    // The sentence about the skin's colour shares no word with the question: it is cut.
    expect(answer.passages[0]?.snippet).toContain('three hearts');
    expect(answer.passages[0]?.snippet).not.toContain('colour');
    expect(answer.bestEffort).toBe(false);
  });

  it('Incorrect: rewrites the query and searches again, then answers best effort when searches run out', async () => {
    const rag = await context.start({ Profile: 'corrective', Corrective: { MaxIterations: 2 } });
    context.server.enqueue(
      gradeHolding('nothing like this'),
      { text: 'cephalopod circulatory system' },
      gradeHolding('nothing like this'),
      { text: 'The passages do not say.' },
      { text: '0' },
    );
    const answer = await rag.answer({ text: question, collection: 'docs' });
    expect(stagesOf(answer)).toEqual([
      'corrective:retrieve',
      'corrective:evaluate',
      'corrective:rewrite_query',
      'corrective:retrieve',
      'corrective:evaluate',
      'corrective:generate',
      'corrective:check_groundedness',
    ]);
    expect(answer.trace[3]?.detail).toMatchObject({ query: 'cephalopod circulatory system', search: 2 });
    // The second grade is against the original question, not the rewritten search.
    const chats = context.server.requests.filter((request) => request.path.endsWith('/chat/completions'));
    expect(lastUserText(chats[2])).toContain(`Question: ${question}`);
    expect(answer.bestEffort).toBe(true);
    expect(context.server.pendingAnswers).toBe(0);
  });

  it('an ungrounded answer goes back to rewrite_query while searches are left', async () => {
    const rag = await context.start({ Profile: 'corrective' });
    context.server.enqueue(
      gradeHolding('three hearts'),
      { text: 'Octopuses have five hearts [1].' },
      { text: '0.1' },
      { text: 'octopus heart count' },
      gradeHolding('three hearts'),
      { text: 'Octopuses have three hearts [1].' },
      { text: '1' },
    );
    const answer = await rag.answer({ text: question, collection: 'docs' });
    expect(stagesOf(answer).filter((stage) => stage === 'corrective:check_groundedness')).toHaveLength(2);
    expect(answer).toMatchObject({ text: 'Octopuses have three hearts [1].', bestEffort: false });
    expect(answer.groundedness?.verdict).toBe('grounded');
  });

  it('its time bound trips the breaker: generate answers once with what there is; nothing is thrown', async () => {
    const rag = await context.start({ Profile: 'corrective', Corrective: { TimeoutSeconds: 1 } });
    context.server.enqueue({ text: '1: 0.1', delayMilliseconds: 1_300 }, { text: 'Best I can say: three hearts [1].' });
    const answer = await rag.answer({ text: question, collection: 'docs' });
    expect(answer.bestEffort).toBe(true);
    expect(answer.text).toBe('Best I can say: three hearts [1].');
    expect(stagesOf(answer).at(-1)).toBe('corrective:generate');
    expect(context.server.pendingAnswers).toBe(0);
  });

  it('cannot retrieve alone (an agent’s knowledge:): the error names the profiles that can', async () => {
    const rag = await context.start({ Profile: 'corrective' });
    const failure = await rag.retrieve({ text: question, collection: 'docs' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RagError);
    expect((failure as RagError).code).toBe('RAG_PROFILE_UNAVAILABLE');
    expect((failure as Error).message).toContain('give that query the profile fast, balanced or quality');
  });

  it('rag_search gives its cited answer and the passages it cites', async () => {
    await context.start({ Profile: 'corrective' });
    context.server.enqueue(gradeHolding('three hearts'), { text: 'Octopuses have three hearts [1].' }, { text: '1' });
    const result = await context.runtime?.pipeline.invoke({
      tool: 'rag_search',
      input: { question, collection: 'docs' },
      caller: { kind: 'host' },
    });
    expect(result?.outcome).toBe('Success');
    expect(result?.output).toMatch(
      /^Answer from the collection 'docs':\n\nOctopuses have three hearts \[1\]\.\n\n\[1\] /,
    );
  });
});
