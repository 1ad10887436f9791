/** The five kinds of memory (reference brief §8). */
export const memoryTypes = ['shortTerm', 'longTerm', 'episodic', 'entity', 'procedural'] as const;
export type MemoryType = (typeof memoryTypes)[number];

/** What is known about a memory besides its content. Times are ISO 8601 UTC. */
export interface MemoryItemMetadata {
  readonly createdAt: string;
  readonly lastAccessedAt?: string;
  /** Who or what made it (a crew, a tool, `cognitive`); default `unknown`. */
  readonly source: string;
  readonly relevance?: number;
  readonly tags: readonly string[];
  readonly createdBy?: string;
  readonly accessCount: number;
  /** The host's own facts, JSON values. */
  readonly customProperties: Readonly<Record<string, unknown>>;
}

/** One memory: its text, how much it matters (0 to 1), its kind, and optionally its embedding. */
export interface MemoryItem {
  readonly id: string;
  /** Never blank. */
  readonly content: string;
  readonly type: MemoryType;
  /** 0 (trivial) to 1 (essential). */
  readonly importance: number;
  readonly embedding?: readonly number[];
  readonly metadata: MemoryItemMetadata;
}

/** What a memory is made from: the content, and any field to set besides the defaults. */
export interface MemoryItemInput {
  readonly id?: string;
  readonly content: string;
  readonly type?: MemoryType;
  readonly importance?: number;
  readonly embedding?: readonly number[];
  readonly metadata?: Partial<MemoryItemMetadata>;
}

/** A memory found by a search, with how well it matched (cosine similarity for vectors). */
export interface ScoredMemoryItem {
  readonly key: string;
  readonly item: MemoryItem;
  readonly score: number;
}

/** Which memories a search may return: all the conditions given hold. */
export interface MemoryFilter {
  readonly type?: MemoryType;
  readonly source?: string;
  /** Every one of these tags. */
  readonly tags?: readonly string[];
}

/** True when `item` passes `filter`. */
export function matchesMemoryFilter(item: MemoryItem, filter: MemoryFilter | undefined): boolean {
  if (filter === undefined) return true;
  if (filter.type !== undefined && item.type !== filter.type) return false;
  if (filter.source !== undefined && item.metadata.source !== filter.source) return false;
  return (filter.tags ?? []).every((tag) => item.metadata.tags.includes(tag));
}
