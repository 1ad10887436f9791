import { type DocumentStore, ThreadStore } from '@orkeon/core';
import type { ConformanceTestApi } from './conformance-test-api.js';

/** A document store for one test, and the way a restarted process would open the same data. */
export interface ConversationStoreFixture {
  readonly documents: DocumentStore;
  /** Another document store over the same data (the same file or database), as a new process would open it. */
  restart(): Promise<DocumentStore>;
  dispose(): Promise<void>;
}

/** A turn's messages, typed as the store takes them. */
type TurnMessages = Parameters<ThreadStore['appendTurn']>[2];

const turn = (question: string, answer: string): TurnMessages => [
  { role: 'user', content: question },
  { role: 'assistant', content: [{ type: 'text', text: answer }] },
];

/**
 * The rules of conversation threads over a document store: a thread continues after a
 * restart with only its context read back, one resource never sees another's threads,
 * and list, read and delete keep to the resource.
 */
export function describeConversationPersistence(
  test: ConformanceTestApi,
  storeName: string,
  createFixture: () => Promise<ConversationStoreFixture>,
): void {
  const { describe, it, expect, beforeEach, afterEach } = test;
  describe(`conversation threads over ${storeName}`, () => {
    let fixture: ConversationStoreFixture;

    beforeEach(async () => {
      fixture = await createFixture();
    });

    afterEach(async () => {
      await fixture.dispose();
    });

    it('a thread continues after a restart, its oldest turns out of the context past the limit', async () => {
      const before = new ThreadStore(fixture.documents);
      for (let index = 0; index < 12; index++)
        await before.appendTurn('user:ada', 'trip', turn(`question ${index} ${'q'.repeat(40)}`, `answer ${index}`), {
          maxTokens: 100,
        });
      const after = new ThreadStore(await fixture.restart());
      const context = await after.context('user:ada', 'trip');
      expect(context.messages.length).toBeGreaterThan(0);
      expect(24 - context.messages.length).toBeGreaterThan(0);
      expect(context.messages.at(-2)).toEqual({ role: 'user', content: `question 11 ${'q'.repeat(40)}` });
      expect(context.messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'answer 11' }] });
      const read = await after.read('user:ada', 'trip');
      expect(read?.thread).toMatchObject({ id: 'trip', resource: 'user:ada', turns: 12 });
      expect(read?.messages).toHaveLength(24);
      expect(read?.messages[0]).toMatchObject({ seq: 0, inContext: false, message: { role: 'user' } });
      expect(read?.messages.at(-1)).toMatchObject({ seq: 23, inContext: true });
    });

    it('one resource never sees another’s threads; list pages by id; delete removes the thread and its messages', async () => {
      const threads = new ThreadStore(fixture.documents);
      for (const id of ['b', 'a', 'c']) await threads.appendTurn('user:ada', id, turn('hi', 'hello'), { maxTokens: 0 });
      await threads.appendTurn('user:bob', 'a', turn('secret', 'kept'), { maxTokens: 0 });
      expect((await threads.list('user:ada')).map((thread) => thread.id)).toEqual(['a', 'b', 'c']);
      expect((await threads.list('user:ada', { after: 'a', limit: 1 })).map((thread) => thread.id)).toEqual(['b']);
      expect(JSON.stringify((await threads.context('user:ada', 'a')).messages).includes('secret')).toBe(false);
      expect(await threads.read('user:bob', 'b')).toBeUndefined();
      expect(await threads.delete('user:ada', 'a')).toBe(true);
      expect(await threads.read('user:ada', 'a')).toBeUndefined();
      expect((await threads.context('user:ada', 'a')).messages).toEqual([]);
      expect((await threads.read('user:bob', 'a'))?.messages).toHaveLength(2);
      expect(await threads.delete('user:ada', 'a')).toBe(false);
    });
  });
}
