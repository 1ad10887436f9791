import type { Logger } from '@orkeon/core';

/** Where the memories live and how the table is kept. */
export interface LanceDbMemoryProviderOptions {
  /** A folder (made when missing) for the embedded database, or `db://<database>` for LanceDB Cloud or Enterprise. */
  readonly uri: string;
  /** Default `orkeon_memories`. */
  readonly table?: string;
  /** The length of every vector. Default: the table's, else the first vector stored's. */
  readonly dimensions?: number;
  /** LanceDB Cloud / Enterprise: the API key (`x-api-key`). */
  readonly apiKey?: string;
  /** LanceDB Cloud: the region of the database (the client's default is `us-east-1`). */
  readonly region?: string;
  /** LanceDB Enterprise (or a test server): the server's address instead of the Cloud one. */
  readonly hostOverride?: string;
  /** Vectors from which the approximate index is built by itself; 0 never. Default 10,000. */
  readonly indexThreshold?: number;
  /** Where index upkeep is reported. */
  readonly logger?: Logger;
}
