import { serviceToken } from '../services/service-token.js';

/** The seed's query profiles; which ones an installation can run is the knowledge base's to say. */
export const knowledgeProfiles = ['fast', 'balanced', 'quality', 'adaptive', 'corrective'] as const;
export type KnowledgeProfile = (typeof knowledgeProfiles)[number];

/** A collection a crew declares (`rag.collections.<name>`): ingested when a run of the crew starts. */
export interface KnowledgeCollection {
  readonly name: string;
  /** Files, globs, folders (relative paths resolve against the crew folder, `/crew`) and URLs. */
  readonly sources: readonly string[];
  readonly chunking?: {
    readonly strategy?: 'recursive' | 'sentence' | 'structural' | 'semantic';
    /** Chunk size in tokens (× 4 characters). */
    readonly maxTokens?: number;
    readonly overlap?: number;
  };
}

/** What an agent's `knowledge:` entry asks before each of its tasks. */
export interface KnowledgeAttachment {
  readonly collection: string;
  /** Passages; default 5. */
  readonly topK?: number;
  readonly minScore?: number;
  readonly profile?: KnowledgeProfile;
  /** The block's size in tokens; default 2000. */
  readonly maxContextTokens?: number;
}

/** A passage found for a task, shown to the agent as `[marker]` with its source. */
export interface KnowledgePassage {
  readonly sourceId: string;
  readonly text: string;
  readonly headings?: readonly string[];
  readonly score: number;
}

/**
 * The knowledge-base port (`@orkeon/rag` implements it): a crew's `rag:` collections are
 * ingested when its run starts, and an agent's `knowledge:` attachments retrieve passages
 * for each of its tasks, which its prompt shows as a numbered, cited block.
 */
export interface KnowledgeBase {
  /** Ingests the collections; unchanged sources cost nothing. */
  prepare(collections: readonly KnowledgeCollection[], signal?: AbortSignal): Promise<void>;
  /** The passages of the attachment's collection that bear on `question`, best first. */
  retrieve(
    attachment: KnowledgeAttachment,
    question: string,
    signal?: AbortSignal,
  ): Promise<readonly KnowledgePassage[]>;
}

/** The host's knowledge base; `addSvcRag` registers one. */
export const KnowledgeBaseService = serviceToken<KnowledgeBase>('KnowledgeBase');
