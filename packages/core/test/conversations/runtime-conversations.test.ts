import { captureLogger } from '@orkeon/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { Configuration } from '../../src/config/configuration.js';
import { conversationSettings } from '../../src/conversations/conversation-settings.js';
import { type ThreadInfo, ThreadStore } from '../../src/conversations/thread-store.js';
import { coreSettingsSections } from '../../src/core-settings-sections.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import type { DocumentStore } from '../../src/documents/document-store.js';
import { InMemoryDocumentStore } from '../../src/documents/in-memory-document-store.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import type { AgentRunOptions, AgentRunResult } from '../../src/runtime/runtime-results.js';
import { defineTool } from '../../src/tools/tool.js';
import { scriptedModel, useServerAndFolder } from '../runtime/runtime-test-setup.js';

const context = useServerAndFolder();
const logger = () => captureLogger().logger;
const agent = { id: 'concierge', role: 'Concierge', goal: 'Help the guest' };
const weather = defineTool({
  name: 'weather',
  description: 'Weather in a city',
  input: z.object({ city: z.string() }),
  access: 'Read',
  execute: async ({ city }) => `Sunny in ${city}`,
});

/** The messages the model was sent on its `index`-th request, as role: text lines. */
function sent(index: number): string {
  const body = context.server.requests[index]?.body as { messages: { role: string; content: unknown }[] };
  return body.messages.map((message) => `${message.role}: ${JSON.stringify(message.content)}`).join('\n');
}

function configured(settings: Record<string, string | number>) {
  return Configuration.fromObject({ Svc: { Conversations: settings } }, coreSettingsSections);
}

describe('conversations: runtime.run on a thread', () => {
  it('a second call continues the first (tool calls included); another thread or resource starts empty', async () => {
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: logger() });
    context.server.enqueue(
      { toolCalls: [{ name: 'weather', arguments: { city: 'Lisbon' } }] },
      { text: 'Lisbon is sunny; I booked the Alfama hotel.' },
      { text: 'You are staying at the Alfama hotel.' },
      { text: 'I do not know your hotel yet.' },
      { text: 'I do not know your hotel yet.' },
    );
    const guide = { ...agent, tools: [weather] };
    const first = await runtime.run(guide, 'Book me a hotel in Lisbon if it is sunny.', {
      thread: 'trip-1',
      resource: 'guest:ada',
    });
    expect(first.thread).toMatchObject({ id: 'trip-1', resource: 'guest:ada', turns: 1 });
    const second = await runtime.run(guide, 'Which hotel am I in?', { thread: 'trip-1', resource: 'guest:ada' });
    expect(second.output).toBe('You are staying at the Alfama hotel.');
    expect(second.thread?.turns).toBe(2);
    const continued = sent(2);
    expect(continued).toContain('Book me a hotel in Lisbon');
    expect(continued).toContain('Sunny in Lisbon');
    expect(continued).toContain('I booked the Alfama hotel');
    expect(continued.indexOf('Book me a hotel')).toBeLessThan(continued.indexOf('Which hotel am I in?'));

    await runtime.run(guide, 'Which hotel am I in?', { thread: 'trip-2', resource: 'guest:ada' });
    expect(sent(3)).not.toContain('Alfama');
    await runtime.run(guide, 'Which hotel am I in?', { thread: 'trip-1', resource: 'guest:bob' });
    expect(sent(4)).not.toContain('Alfama');

    expect((await runtime.threads.list('guest:ada')).map((thread) => thread.id)).toEqual(['trip-1', 'trip-2']);
    expect(await runtime.threads.read('guest:bob', 'trip-2')).toBeUndefined();
    const read = await runtime.threads.read('guest:ada', 'trip-1');
    expect(read?.messages.map((message) => message.message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(await runtime.threads.delete('guest:ada', 'trip-1')).toBe(true);
    expect(await runtime.threads.read('guest:ada', 'trip-1')).toBeUndefined();
    expect((await runtime.threads.list('guest:bob')).map((thread) => thread.id)).toEqual(['trip-1']);
  });

  it('Overflow drop: the oldest turns leave the context past MaxTokens, and stay readable', async () => {
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      logger: logger(),
      configuration: configured({ MaxTokens: 60 }),
    });
    context.server.enqueue({ text: 'Noted one.' }, { text: 'Noted two.' }, { text: 'Noted three.' });
    await runtime.run(agent, `First: ${'a'.repeat(120)}`, { thread: 't' });
    await runtime.run(agent, `Second: ${'b'.repeat(120)}`, { thread: 't' });
    await runtime.run(agent, 'Third?', { thread: 't' });
    expect(sent(1)).toContain('First:');
    expect(sent(2)).not.toContain('First:');
    expect(sent(2)).toContain('Second:');
    const read = await runtime.threads.read('default', 't');
    expect(read?.messages.filter((message) => !message.inContext).length).toBeGreaterThan(0);
    expect(read?.messages[0]?.message).toEqual({ role: 'user', content: `First: ${'a'.repeat(120)}` });
  });

  it('Overflow summarize: the turns that leave are folded into a summary the agent sees first', async () => {
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      logger: logger(),
      configuration: configured({ MaxTokens: 60, Overflow: 'summarize' }),
    });
    context.server.enqueue(
      { text: 'Welcome, Ada.' },
      { text: 'Room 12 is yours.' },
      { text: 'SUMMARY: the guest is Ada, allergic to nuts.' },
      { text: 'Breakfast without nuts, Ada.' },
      { text: 'SUMMARY: Ada, allergic to nuts, room 12.' },
    );
    await runtime.run(agent, `My name is Ada and I am allergic to nuts. ${'x'.repeat(150)}`, { thread: 's' });
    const second = await runtime.run(agent, `Which room? ${'y'.repeat(150)}`, { thread: 's' });
    expect(second.thread?.summary).toBe('SUMMARY: the guest is Ada, allergic to nuts.');
    expect(sent(2)).toContain('allergic to nuts');
    await runtime.run(agent, 'Breakfast?', { thread: 's' });
    expect(sent(3)).toContain('Earlier in this conversation (a summary):');
    expect(sent(3)).toContain('SUMMARY: the guest is Ada');
    expect(sent(3)).not.toContain('x'.repeat(150));
    // The second turn left in its turn: the summary so far went into the new one.
    expect(sent(4)).toContain('Summary so far:');
    expect(sent(4)).toContain('SUMMARY: the guest is Ada');
    expect((await runtime.threads.read('default', 's'))?.thread.summary).toBe(
      'SUMMARY: Ada, allergic to nuts, room 12.',
    );
  });

  it('a crew on a thread: every task sees the earlier runs (summary first), and the run joins as one turn', async () => {
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      logger: logger(),
      configuration: configured({ MaxTokens: 40, Overflow: 'summarize' }),
    });
    const desk = (description: string) =>
      defineCrew({
        name: 'desk',
        agents: [agent],
        tasks: [{ id: 'answer', description, expectedOutput: 'A greeting', agent: 'concierge' }],
      });
    context.server.enqueue(
      { text: 'Welcome, Ada.' },
      { text: 'Breakfast planned.' },
      { text: 'SUMMARY: Ada is allergic to nuts.' },
      { text: 'No nuts for you.' },
      { text: 'SUMMARY: Ada, no nuts, breakfast planned.' },
    );
    const first = await runtime.run(desk('Greet Ada, who is allergic to nuts.'), { thread: 'desk-1' });
    expect(first.thread).toMatchObject({ id: 'desk-1', turns: 1 });
    await runtime.run(desk(`Plan breakfast. ${'z'.repeat(200)}`), { thread: 'desk-1' });
    expect(sent(1)).toContain('Greet Ada, who is allergic to nuts.');
    expect(sent(1)).toContain('Welcome, Ada.');
    const third = await runtime.run(desk('What can Ada eat?'), { thread: 'desk-1' });
    expect(third.error, JSON.stringify(third.error)).toBeUndefined();
    expect(third.thread?.turns).toBe(3);
    expect(sent(3)).toContain('Earlier in this conversation (a summary):');
    expect(sent(3)).toContain('SUMMARY: Ada is allergic to nuts.');
    // The first run left the context (summarised); the second, the newest, stays whole.
    expect(sent(3)).not.toContain('Welcome, Ada.');
    expect(sent(3)).toContain('Plan breakfast.');
  });

  it('an interrupted turn is not kept, and an id that cannot be a key is refused with how to fix it', async () => {
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: logger() });
    const stopped = new AbortController();
    stopped.abort();
    const result = await runtime.run(agent, 'Hello?', { thread: 'quiet', signal: stopped.signal });
    expect(result.interrupted).toBe(true);
    expect(await runtime.threads.read('default', 'quiet')).toBeUndefined();
    await expect(runtime.run(agent, 'Hi', { thread: 'a/b' })).rejects.toMatchObject({
      code: 'CONVERSATION_ID_INVALID',
      message: expect.stringContaining("The thread id 'a/b' cannot be used"),
    });
    await expect(runtime.threads.list('')).rejects.toMatchObject({ code: 'CONVERSATION_ID_INVALID' });
  });
});

describe('ThreadStore', () => {
  it('continuing a long thread reads only the messages in its context, not the whole history', async () => {
    const documents = new InMemoryDocumentStore();
    let listed = 0;
    const counting: DocumentStore = {
      get: (collection, key) => documents.get(collection, key),
      put: (collection, key, value, options) => documents.put(collection, key, value, options),
      delete: (collection, key, options) => documents.delete(collection, key, options),
      list: async (collection, options) => {
        const page = await documents.list(collection, options);
        listed += page.length;
        return page as never;
      },
      close: () => documents.close(),
    };
    const threads = new ThreadStore(counting);
    for (let turn = 0; turn < 1_000; turn++) {
      await threads.appendTurn(
        'r',
        'long',
        [
          { role: 'user', content: `question ${turn}` },
          { role: 'assistant', content: [{ type: 'text', text: `answer ${turn}` }] },
        ],
        { maxTokens: 200 },
      );
    }
    listed = 0;
    const window = await threads.context('r', 'long');
    expect(window.messages.length).toBeLessThan(40);
    expect(listed).toBe(window.messages.length);
    expect(window.messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'answer 999' }] });
    expect((await threads.read('r', 'long'))?.messages).toHaveLength(2_000);
  });

  it('types what users import: the run options, the result and the store', () => {
    type Runtime = Awaited<ReturnType<typeof createRuntime>>;
    expectTypeOf<Runtime['threads']>().toEqualTypeOf<ThreadStore>();
    expectTypeOf<AgentRunOptions['thread']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<AgentRunOptions['resource']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<AgentRunResult['thread']>().toEqualTypeOf<ThreadInfo | undefined>();
    expectTypeOf<Awaited<ReturnType<ThreadStore['list']>>[number]['turns']>().toEqualTypeOf<number>();
  });

  it('is configured by Svc:Conversations with defaults', () => {
    expect(Configuration.fromObject({}, [conversationSettings]).get(conversationSettings)).toEqual({
      MaxTokens: 8000,
      Overflow: 'drop',
    });
  });
});
