import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ChatModel, EmbeddingProvider, MemoryProvider } from '@orkeon/core';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach } from 'vitest';
import { CognitiveMemory, type CognitiveMemoryOptions } from '../src/index.js';

/**
 * Bag of words with one dimension per word, in the order words are first seen (up to
 * 256): texts that share words point the same way, and no two words ever share a
 * dimension, so cosines can be worked out by hand (two of three words shared: 2/√(2·3)).
 */
export function wordEmbeddings(): EmbeddingProvider {
  const dimensions = 256;
  const vocabulary = new Map<string, number>();
  return {
    model: 'test-bag-of-words',
    dimensions,
    async embed(texts) {
      return texts.map((text) => {
        const vector = new Array<number>(dimensions).fill(0);
        for (const word of text.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
          let index = vocabulary.get(word);
          if (index === undefined) {
            index = vocabulary.size;
            if (index >= dimensions) throw new Error('wordEmbeddings: more than 256 words; use fewer in one test');
            vocabulary.set(word, index);
          }
          vector[index] = (vector[index] ?? 0) + 1;
        }
        return vector;
      });
    },
  };
}

/** A model on the scripted model server. */
export function scriptedModel(server: ScriptedModelServer, modelId = 'scripted-model'): ChatModel {
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true });
  return { provider: 'openai', modelId, model: provider.chatModel(modelId), supportsStreaming: true };
}

/** A scripted model server for each test of the file, closed afterwards. */
export function useScriptedServer(): { readonly server: ScriptedModelServer } {
  let current: ScriptedModelServer | undefined;
  beforeEach(async () => {
    current = await startScriptedModelServer();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    get server() {
      if (current === undefined) throw new Error('useScriptedServer: read inside a test');
      return current;
    },
  };
}

/** A clock a test moves by hand. */
export function testClock(start: string): {
  now: () => Date;
  advanceHours(hours: number): void;
  set(iso: string): void;
} {
  let at = Date.parse(start);
  return {
    now: () => new Date(at),
    advanceHours(hours) {
      at += hours * 3_600_000;
    },
    set(iso) {
      at = Date.parse(iso);
    },
  };
}

/** A memory analysis as the model would write it. */
export function analysisAnswer(fields: { importance: number; category?: string; tags?: string[] }): { text: string } {
  return {
    text: JSON.stringify({
      importance: fields.importance,
      category: fields.category ?? 'fact',
      keyEntities: ['Lisbon'],
      summary: 'A short summary.',
      suggestedTags: fields.tags ?? [],
      reasoning: 'Because.',
    }),
  };
}

/** A contradiction verdict as the model would write it. */
export function verdictAnswer(
  action: 'KeepNew' | 'KeepExisting' | 'Merge' | 'KeepBoth',
  ids: string[],
): { text: string } {
  return {
    text: JSON.stringify({
      hasContradiction: ids.length > 0,
      conflictingMemoryIds: ids,
      description: ids.length > 0 ? 'They disagree.' : '',
      resolution: action,
      recommendedAction: action,
    }),
  };
}

/** The text of a recorded request's messages of one role. */
export function messageText(request: { body?: unknown } | undefined, role: 'system' | 'user'): string {
  const messages = ((request?.body as { messages?: { role: string; content: unknown }[] } | undefined)?.messages ??
    []) as { role: string; content: unknown }[];
  return messages
    .filter((message) => message.role === role)
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : Array.isArray(message.content)
          ? message.content.map((part) => (part as { text?: string }).text ?? '').join('')
          : '',
    )
    .join('\n');
}

/** A cognitive memory on the scripted model, word embeddings and `store`, with captured logs. */
export function cognitiveMemoryOn(
  server: ScriptedModelServer,
  store: MemoryProvider,
  options: Partial<CognitiveMemoryOptions> = {},
) {
  const logs = captureLogger();
  const memory = new CognitiveMemory({
    store,
    embeddings: wordEmbeddings(),
    model: scriptedModel(server),
    modelCalls: { maxRetries: 0 },
    logger: logs.logger,
    ...options,
  });
  return { memory, logs };
}
