import type { CodeLanguage } from '../discovery/languages.js';
import type { EmbeddingProfile } from './code-index.js';
import type { IndexChanges } from './refresh-index.js';

/** The size of an index: levels L1 to L4 counted. */
export interface IndexCounts {
  readonly packages: number;
  readonly files: number;
  readonly symbols: number;
  /** Statements kept in the index (0 unless `IncludeStatements`). */
  readonly statements: number;
  readonly languages: Readonly<Partial<Record<CodeLanguage, number>>>;
}

/** What `index` and `reindex` did. */
export interface IndexReport extends IndexCounts {
  readonly root: string;
  readonly changes: IndexChanges;
  /** True when an index (in memory, or the saved one) was brought up to date rather than built from nothing. */
  readonly incremental: boolean;
  /** Why a saved index was not used (another version, damaged, another root). */
  readonly rebuiltBecause?: string;
  readonly indexFile: string;
  /** Why the index could not be saved (it stays in memory for this process). */
  readonly saveProblem?: string;
  readonly embedding?: EmbeddingProfile;
  readonly durationMilliseconds: number;
}

/** What `status` tells without changing the index. */
export interface IndexStatus extends IndexCounts {
  readonly root: string;
  /** False when the folder was never indexed (no saved index either). */
  readonly indexed: boolean;
  readonly indexedAt?: string;
  readonly indexFile: string;
  readonly saved: boolean;
  readonly saveProblem?: string;
  readonly embedding?: EmbeddingProfile;
  /** Files changed since the index was made; the next query indexes them. */
  readonly pending?: {
    readonly added: readonly string[];
    readonly changed: readonly string[];
    readonly removed: readonly string[];
  };
}
