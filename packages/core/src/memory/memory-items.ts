import { randomUUID } from 'node:crypto';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import { type MemoryItem, type MemoryItemInput, memoryTypes } from './memory-item.js';

/** A memory that cannot be kept: blank content, importance outside 0 to 1, a vector that is no vector. */
export class MemoryItemError extends OrkeonError<CoreErrorCode> {
  constructor(message: string) {
    super('MEMORY_ITEM_INVALID', message);
  }
}

/** A memory with every default filled in (`longTerm`, importance 0.5, source `unknown`), checked. */
export function createMemoryItem(input: MemoryItemInput, now: Date = new Date()): MemoryItem {
  const item: MemoryItem = {
    id: input.id ?? randomUUID(),
    content: input.content,
    type: input.type ?? 'longTerm',
    importance: input.importance ?? 0.5,
    ...(input.embedding === undefined ? {} : { embedding: input.embedding }),
    metadata: {
      createdAt: input.metadata?.createdAt ?? now.toISOString(),
      source: input.metadata?.source ?? 'unknown',
      tags: input.metadata?.tags ?? [],
      accessCount: input.metadata?.accessCount ?? 0,
      customProperties: input.metadata?.customProperties ?? {},
      ...(input.metadata?.lastAccessedAt === undefined ? {} : { lastAccessedAt: input.metadata.lastAccessedAt }),
      ...(input.metadata?.relevance === undefined ? {} : { relevance: input.metadata.relevance }),
      ...(input.metadata?.createdBy === undefined ? {} : { createdBy: input.metadata.createdBy }),
    },
  };
  return checkedMemoryItem(item);
}

/** `item` when a store can keep it; else `MemoryItemError` saying what to fix. */
export function checkedMemoryItem(item: MemoryItem): MemoryItem {
  if (typeof item.content !== 'string' || item.content.trim() === '')
    throw new MemoryItemError(`Memory '${item.id}' has no content: give the text to remember.`);
  if (!Number.isFinite(item.importance) || item.importance < 0 || item.importance > 1)
    throw new MemoryItemError(`Memory '${item.id}' has importance ${item.importance}: give a number from 0 to 1.`);
  if (!memoryTypes.includes(item.type))
    throw new MemoryItemError(`Memory '${item.id}' has type '${item.type}': use one of ${memoryTypes.join(', ')}.`);
  if (item.embedding !== undefined) checkedEmbedding(item.embedding, `Memory '${item.id}'`);
  return item;
}

/** `embedding` when it is a non-empty list of finite numbers; else `MemoryItemError`. */
export function checkedEmbedding(embedding: readonly number[], what: string): readonly number[] {
  if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every(Number.isFinite))
    throw new MemoryItemError(`${what} has an embedding that is not a non-empty list of finite numbers.`);
  return embedding;
}

/** The key given when it can name a memory (1 to 512 characters); else `MemoryItemError`. */
export function checkedMemoryKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512)
    throw new MemoryItemError(`Memory key '${String(key).slice(0, 40)}' cannot be used: give 1 to 512 characters.`);
  return key;
}
