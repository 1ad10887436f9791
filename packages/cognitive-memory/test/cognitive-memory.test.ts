import { InMemoryMemoryProvider, type MemoryProvider, memoryScopeTag, OrkeonError } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { CognitiveMemoryAnswerInvalidError, CognitiveMemoryInputError } from '../src/index.js';
import {
  analysisAnswer,
  cognitiveMemoryOn,
  messageText,
  useScriptedServer,
  verdictAnswer,
  wordEmbeddings,
} from './test-parts.js';

const context = useScriptedServer();

const crewTag = (crew: string) => memoryScopeTag('crew', { crew, agent: '', run: '', user: '' });

/** Every memory of the crew's scope in `store`, oldest key first. */
async function memoriesOf(store: MemoryProvider, crew: string) {
  const everything = new Array<number>(256).fill(1);
  const found = await store.searchSimilar(everything, { topK: 100, minScore: -1, filter: { tags: [crewTag(crew)] } });
  return found.map((hit) => ({ key: hit.key, item: hit.item })).sort((a, b) => a.key.localeCompare(b.key));
}

/** Two cognitive memories on one store and one embedding model: `plain` keeps without model calls, `checking` checks contradictions. */
function plainAndChecking() {
  const store = new InMemoryMemoryProvider();
  const embeddings = wordEmbeddings();
  const plain = cognitiveMemoryOn(context.server, store, {
    embeddings,
    settings: { EnableLlmAnalysis: false, EnableContradictionDetection: false },
  });
  const checking = cognitiveMemoryOn(context.server, store, { embeddings, settings: { EnableLlmAnalysis: false } });
  return { store, plain: plain.memory, checking: checking.memory, logs: checking.logs };
}

describe('remember', () => {
  it('keeps the analysis as importance, tags and the custom properties category, summary and context', async () => {
    const store = new InMemoryMemoryProvider();
    const { memory } = cognitiveMemoryOn(context.server, store, { settings: { EnableContradictionDetection: false } });
    context.server.enqueue(
      analysisAnswer({ importance: 0.8, category: 'geography', tags: ['capital', 'scope:crew/5:other'] }),
    );
    const result = await memory.remember('research', 'Lisbon is the capital of Portugal.', 'Find the capital.');
    expect(result.stored).toBe(true);
    const kept = await store.get(result.key);
    expect(kept).toMatchObject({
      content: 'Lisbon is the capital of Portugal.',
      type: 'longTerm',
      importance: 0.8,
      metadata: {
        source: 'cognitive',
        customProperties: {
          category: 'geography',
          summary: 'A short summary.',
          keyEntities: ['Lisbon'],
          context: 'Find the capital.',
        },
      },
    });
    // A suggested tag never places the memory in another scope.
    expect(kept?.metadata.tags).toEqual([crewTag('research'), 'capital']);
    expect(kept?.embedding).toBeDefined();
    const [request] = context.server.requests;
    expect(context.server.requests).toHaveLength(1);
    expect(messageText(request, 'user')).toContain('Lisbon is the capital of Portugal.');
    expect(messageText(request, 'user')).toContain('Find the capital.');
    expect(request?.body?.temperature).toBe(0.1);
    expect(request?.body?.response_format).toMatchObject({ type: expect.stringMatching(/^json/) });
  });

  it('with analysis and the check off, keeps the memory as given with source cognitive and no model call', async () => {
    const { store, plain } = plainAndChecking();
    const result = await plain.remember('research', 'Porto is in the north.', undefined, {
      type: 'entity',
      tags: ['city'],
    });
    expect(context.server.requests).toHaveLength(0);
    expect(await store.get(result.key)).toMatchObject({
      type: 'entity',
      importance: 0.5,
      metadata: { source: 'cognitive', tags: [crewTag('research'), 'city'], customProperties: {} },
    });
  });

  it('refuses a blank crew id or content before any model call', async () => {
    const { checking } = plainAndChecking();
    await expect(checking.remember(' ', 'text')).rejects.toThrow(CognitiveMemoryInputError);
    await expect(checking.remember('research', '  ')).rejects.toMatchObject({ code: 'COGNITIVE_MEMORY_INPUT_INVALID' });
    expect(context.server.requests).toHaveLength(0);
  });
});

describe('contradiction resolution', () => {
  it('KeepExisting returns the existing memory and keeps nothing new', async () => {
    const { store, plain, checking } = plainAndChecking();
    const old = await plain.remember('research', 'The office is in Lisbon.');
    context.server.enqueue(verdictAnswer('KeepExisting', [old.item.id]));
    const result = await checking.remember('research', 'The office is in Porto.');
    expect(result).toMatchObject({ stored: false, key: old.key, deletedKeys: [] });
    expect(result.item.content).toBe('The office is in Lisbon.');
    expect(result.contradiction).toMatchObject({ hasContradiction: true, recommendedAction: 'KeepExisting' });
    expect((await memoriesOf(store, 'research')).map((memory) => memory.item.content)).toEqual([
      'The office is in Lisbon.',
    ]);
    // The check showed the model the existing memory by its id.
    const prompt = messageText(context.server.requests[0], 'user');
    expect(prompt).toContain(old.item.id);
    expect(prompt).toContain('The office is in Lisbon.');
    expect(prompt).toContain('The office is in Porto.');
  });

  it('KeepNew deletes the conflicting memories and keeps the new one', async () => {
    const { store, plain, checking } = plainAndChecking();
    const old = await plain.remember('research', 'The office is in Lisbon.');
    context.server.enqueue(verdictAnswer('KeepNew', [old.item.id]));
    const result = await checking.remember('research', 'The office is in Porto.');
    expect(result).toMatchObject({ stored: true, deletedKeys: [old.key] });
    expect(await store.get(old.key)).toBeUndefined();
    expect(await memoriesOf(store, 'research')).toEqual([
      { key: result.key, item: expect.objectContaining({ content: 'The office is in Porto.' }) },
    ]);
    expect(result.item.metadata.source).toBe('cognitive');
  });

  it('Merge joins the contents with " | " under source cognitive-merge and removes the merged memory', async () => {
    const { store, plain, checking } = plainAndChecking();
    const old = await plain.remember('research', 'The office is in Lisbon.');
    context.server.enqueue(verdictAnswer('Merge', [old.item.id]));
    const result = await checking.remember('research', 'The office moves to Porto in May.');
    const memories = await memoriesOf(store, 'research');
    expect(memories).toHaveLength(1);
    expect(memories[0]?.key).toBe(result.key);
    expect(memories[0]?.item).toMatchObject({
      content: 'The office is in Lisbon. | The office moves to Porto in May.',
      metadata: { source: 'cognitive-merge', customProperties: { mergedFrom: [old.item.id] } },
    });
    expect(result.deletedKeys).toEqual([old.key]);
  });

  it('KeepBoth keeps both', async () => {
    const { store, plain, checking } = plainAndChecking();
    await plain.remember('research', 'The office is in Lisbon.');
    context.server.enqueue(verdictAnswer('KeepBoth', []));
    const result = await checking.remember('research', 'The office has a garden.');
    expect(result).toMatchObject({ stored: true, deletedKeys: [], contradiction: { hasContradiction: false } });
    expect((await memoriesOf(store, 'research')).map((memory) => memory.item.content).sort()).toEqual([
      'The office has a garden.',
      'The office is in Lisbon.',
    ]);
  });

  it('asks for no verdict when the crew has no memory to compare with', async () => {
    const { checking } = plainAndChecking();
    const result = await checking.remember('research', 'The office is in Lisbon.');
    expect(result.contradiction).toMatchObject({ hasContradiction: false });
    expect(context.server.requests).toHaveLength(0);
  });
});

describe('crew isolation', () => {
  it('a contradiction check shows and resolves only the crew’s own memories', async () => {
    const { store, plain, checking } = plainAndChecking();
    const alpha = await plain.remember('alpha', 'The office is in Lisbon.');
    const beta = await plain.remember('beta', 'The office is in Madrid.');
    // The model names both memories; only beta's own may go.
    context.server.enqueue(verdictAnswer('KeepNew', [alpha.item.id, beta.item.id]));
    const result = await checking.remember('beta', 'The office is in Porto.');
    const prompt = messageText(context.server.requests[0], 'user');
    expect(prompt).toContain('The office is in Madrid.');
    expect(prompt).not.toContain('Lisbon');
    expect(prompt).not.toContain(alpha.item.id);
    expect(result.contradiction?.conflictingMemoryIds).toEqual([beta.item.id]);
    expect(result.deletedKeys).toEqual([beta.key]);
    expect(await store.get(alpha.key)).toMatchObject({ content: 'The office is in Lisbon.' });
  });

  it('a crew without memories sees no contradiction, however close another crew’s memory is', async () => {
    const { plain, checking } = plainAndChecking();
    await plain.remember('alpha', 'The office is in Lisbon.');
    const check = await checking.checkContradictions('gamma', 'The office is in Lisbon.');
    expect(check.hasContradiction).toBe(false);
    expect(context.server.requests).toHaveLength(0);
    expect(await checking.recall('gamma', 'office Lisbon')).toEqual([]);
    expect((await checking.recall('alpha', 'office Lisbon')).map((hit) => hit.item.content)).toEqual([
      'The office is in Lisbon.',
    ]);
  });
});

describe('analyze and checkContradictions', () => {
  it('analyze answers the analysis and keeps nothing', async () => {
    const store = new InMemoryMemoryProvider();
    const { memory } = cognitiveMemoryOn(context.server, store);
    context.server.enqueue(analysisAnswer({ importance: 0.3, category: 'preference', tags: ['tea'] }));
    const analysis = await memory.analyze('Ada prefers green tea.', 'A chat with Ada.');
    expect(analysis).toEqual({
      importance: 0.3,
      category: 'preference',
      keyEntities: ['Lisbon'],
      summary: 'A short summary.',
      suggestedTags: ['tea'],
      reasoning: 'Because.',
    });
    expect(await store.search('Ada prefers green tea', 10)).toEqual([]);
    expect(messageText(context.server.requests[0], 'user')).toContain('A chat with Ada.');
  });

  it('checkContradictions answers the verdict and changes nothing', async () => {
    const { store, plain, checking } = plainAndChecking();
    const old = await plain.remember('research', 'The office is in Lisbon.');
    context.server.enqueue(verdictAnswer('KeepNew', [old.item.id, 'invented-id']));
    const check = await checking.checkContradictions('research', 'The office is in Porto.');
    expect(check).toMatchObject({
      hasContradiction: true,
      conflictingMemoryIds: [old.item.id],
      recommendedAction: 'KeepNew',
    });
    expect(await memoriesOf(store, 'research')).toHaveLength(1);
  });
});

describe('model answers that do not parse', () => {
  it('analyze throws COGNITIVE_MEMORY_ANSWER_INVALID, quoting the answer, for prose', async () => {
    const store = new InMemoryMemoryProvider();
    const { memory } = cognitiveMemoryOn(context.server, store);
    context.server.enqueue({ text: 'I think this matters a lot.' });
    const failure = await memory.analyze('Ada prefers green tea.').catch((error: unknown) => error);
    expect(CognitiveMemoryAnswerInvalidError.isInstance(failure)).toBe(true);
    expect(OrkeonError.isInstance(failure) && failure.code).toBe('COGNITIVE_MEMORY_ANSWER_INVALID');
    expect((failure as Error).message).toContain('memory analysis');
    expect((failure as Error).message).toContain('I think this matters a lot.');
  });

  it('analyze throws for JSON of the wrong shape, naming the field', async () => {
    const { memory } = cognitiveMemoryOn(context.server, new InMemoryMemoryProvider());
    context.server.enqueue({
      text: JSON.stringify({ ...JSON.parse(analysisAnswer({ importance: 0 }).text), importance: 7 }),
    });
    await expect(memory.analyze('Ada prefers green tea.')).rejects.toThrow(/importance/);
  });

  it('reads JSON the model wrapped in a code fence', async () => {
    const { memory } = cognitiveMemoryOn(context.server, new InMemoryMemoryProvider());
    context.server.enqueue({ text: `Here it is:\n\`\`\`json\n${analysisAnswer({ importance: 0.4 }).text}\n\`\`\`` });
    expect((await memory.analyze('Ada prefers green tea.')).importance).toBe(0.4);
  });

  it('checkContradictions throws for an answer that is not the verdict', async () => {
    const { plain, checking } = plainAndChecking();
    await plain.remember('research', 'The office is in Lisbon.');
    context.server.enqueue({ text: '{"hasContradiction": "maybe"}' });
    await expect(checking.checkContradictions('research', 'The office is in Porto.')).rejects.toMatchObject({
      code: 'COGNITIVE_MEMORY_ANSWER_INVALID',
    });
  });

  it('remember keeps the memory without an analysis, marked and warned, when the analysis does not parse', async () => {
    const store = new InMemoryMemoryProvider();
    const { memory, logs } = cognitiveMemoryOn(context.server, store, {
      settings: { EnableContradictionDetection: false },
    });
    context.server.enqueue({ text: 'Important, I would say.' });
    const result = await memory.remember('research', 'Ada prefers green tea.');
    expect(result.analysis).toBeUndefined();
    expect(await store.get(result.key)).toMatchObject({
      importance: 0.5,
      metadata: { source: 'cognitive', customProperties: { analysis: 'unavailable' } },
    });
    const warning = logs.records().find((record) => record.level === 40);
    expect(warning?.msg).toContain('without an analysis');
    expect(JSON.stringify(warning?.err)).toContain('COGNITIVE_MEMORY_ANSWER_INVALID');
  });

  it('remember deletes nothing and keeps the new memory beside the others when the verdict does not parse', async () => {
    const { store, plain, checking, logs } = plainAndChecking();
    const old = await plain.remember('research', 'The office is in Lisbon.');
    context.server.enqueue({ text: `KeepNew ${old.item.id}` });
    const result = await checking.remember('research', 'The office is in Porto.');
    expect(result).toMatchObject({ stored: true, deletedKeys: [], contradiction: undefined });
    expect(await memoriesOf(store, 'research')).toHaveLength(2);
    expect(logs.text()).toContain('deleting none');
  });
});
