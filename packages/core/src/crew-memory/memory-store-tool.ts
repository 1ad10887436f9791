import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EmbeddingProvider } from '../embeddings/embedding-provider.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { MemoryItem, ScoredMemoryItem } from '../memory/memory-item.js';
import { createMemoryItem } from '../memory/memory-items.js';
import type { MemoryProvider } from '../memory/memory-provider.js';
import { type CallerIdentity, defineTool, type Tool } from '../tools/tool.js';
import { toolFailure } from '../tools/tool-result.js';
import { memoryScopeTag } from './memory-scope.js';

/** What a note is about: the person, the work, how the work was judged, where to look things up. */
export const memoryCategories = ['user', 'project', 'feedback', 'reference'] as const;
export type MemoryCategory = (typeof memoryCategories)[number];

/** What each operation needs, beside `operation`: checked with the input, so a call missing one is refused with its name. */
const required = { remember: ['category', 'content'], recall: ['query'], forget: ['key'] } as const;

// One object (MCP clients and models read a tool's input as a JSON object schema), the
// fields each operation needs checked below.
const input = z
  .strictObject({
    operation: z.enum(['remember', 'recall', 'forget']).describe('remember a note, recall notes, or forget one'),
    category: z.enum(memoryCategories).optional().describe('remember: required; recall: only this category'),
    content: z.string().trim().min(1).max(8000).optional().describe('remember: the note, a few sentences'),
    importance: z.number().min(0).max(1).optional().describe('remember: 0 (trivial) to 1 (essential); default 0.5'),
    query: z.string().trim().min(1).optional().describe('recall: what to look for'),
    limit: z.int().min(1).max(20).default(5).describe('recall: the most notes answered'),
    key: z.string().min(1).optional().describe('forget: the key remember or recall gave'),
  })
  .superRefine((call, context) => {
    for (const field of required[call.operation])
      if (call[field] === undefined)
        context.addIssue({ code: 'custom', path: [field], message: `${call.operation} needs ${field}` });
  });

export interface MemoryStoreToolParts {
  /** The store notes go to (`Memory:Provider`), opened on the first call. */
  readonly store: () => Promise<MemoryProvider>;
  /** Vector recall when one exists; word recall otherwise. */
  readonly embeddings: () => EmbeddingProvider | undefined;
}

/**
 * `memory_store`: an agent keeps notes by category and finds them again in later runs.
 * Notes belong to the caller's crew (else its agent) and join that crew's memory, so
 * `memory: true` recalls them too; no crew reads or forgets another's.
 */
export function createMemoryStoreTool(parts: MemoryStoreToolParts): Tool {
  return defineTool({
    name: 'memory_store',
    description:
      'Keep a note for later runs (remember), find notes (recall), or drop one (forget). Categories: user (who you work for and what they prefer), project (facts about the work), feedback (how your work was judged), reference (where to look things up).',
    access: 'Edit',
    input,
    async execute(call, { caller }) {
      const tag = noteScopeTag(caller);
      const store = await parts.store();
      if (call.operation === 'remember') {
        const content = call.content as string;
        const category = call.category as MemoryCategory;
        const item = createMemoryItem({
          content,
          type: category === 'reference' ? 'procedural' : 'longTerm',
          ...(call.importance === undefined ? {} : { importance: call.importance }),
          metadata: {
            source: 'memory_store',
            tags: [tag, `category:${category}`],
            ...(caller.agentId === undefined ? {} : { createdBy: caller.agentId }),
          },
        });
        const key = `${tag}/note/${randomUUID()}`;
        const vector = await embed(parts.embeddings(), content);
        if (vector === undefined) await store.store(key, item);
        else await store.storeWithEmbedding(key, item, vector);
        return { key, category };
      }
      if (call.operation === 'forget') {
        const key = call.key as string;
        const item = await store.get(key);
        if (item === undefined || !item.metadata.tags.includes(tag))
          return toolFailure(`No note '${key}' of yours exists: recall gives the keys of your notes.`);
        await store.delete(key);
        return { forgotten: key };
      }
      const query = call.query as string;
      const tags = call.category === undefined ? [tag] : [tag, `category:${call.category}`];
      const vector = await embed(parts.embeddings(), query);
      const found =
        vector === undefined
          ? (await store.search(query, call.limit * 20)).filter((hit) => hasTags(hit.item, tags))
          : await store.searchSimilar(vector, { topK: call.limit, filter: { tags } });
      return found.slice(0, call.limit).map(asNote);
    },
  });
}

/** The caller's crew scope, else its agent's: the same tag crew memory filters on. */
function noteScopeTag(caller: CallerIdentity): string {
  const crew = caller.crew ?? '';
  const agent = caller.agentId ?? caller.agent ?? caller.kind;
  return caller.crew === undefined
    ? memoryScopeTag('agent', { crew, agent, run: '', user: '' })
    : memoryScopeTag('crew', { crew, agent, run: '', user: '' });
}

async function embed(embeddings: EmbeddingProvider | undefined, text: string): Promise<number[] | undefined> {
  if (embeddings === undefined) return undefined;
  try {
    return (await embeddings.embed([text]))[0];
  } catch (error) {
    if (OrkeonError.isInstance(error) && error.code === 'EMBEDDING_PROVIDER_UNAVAILABLE') return undefined;
    throw error;
  }
}

function hasTags(item: MemoryItem, tags: readonly string[]): boolean {
  return tags.every((tag) => item.metadata.tags.includes(tag));
}

function asNote(hit: ScoredMemoryItem) {
  const category = hit.item.metadata.tags.find((tag) => tag.startsWith('category:'))?.slice('category:'.length);
  return {
    key: hit.key,
    content: hit.item.content,
    ...(category === undefined ? {} : { category }),
    score: Math.round(hit.score * 1000) / 1000,
    createdAt: hit.item.metadata.createdAt,
  };
}
