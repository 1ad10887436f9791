import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** The headers a ChromaDB token travels in: Chroma's own (the client's choice) or `Authorization: Bearer`. */
export const chromaAuthHeaders = ['X-Chroma-Token', 'Authorization'] as const;
export type ChromaAuthHeader = (typeof chromaAuthHeaders)[number];

export const defaultChromaUrl = 'http://localhost:8000';
export const defaultChromaCollection = 'orkeon_memories';
export const defaultChromaWordSearchMaxCandidates = 1000;

/** The suffix of the companion collection that keeps the memories stored without a vector. */
export const chromaTextOnlySuffix = '_text_only';

/**
 * ChromaDB's collection names: 3 to 512 characters among letters, digits, `.`, `_` and `-`,
 * starting and ending with a letter or digit, no `..`, not an IPv4 address. Ten characters
 * are kept for the companion collection's suffix.
 */
export const chromaCollectionNamePattern =
  /^(?!.*\.\.)(?!\d+\.\d+\.\d+\.\d+$)[A-Za-z0-9][A-Za-z0-9._-]{1,500}[A-Za-z0-9]$/;

/** `Svc:Memory:ChromaDb`: the server and collection of the ChromaDB memory store (`Memory:Provider` = `chromadb`). */
export const chromaMemorySettings = defineSettingsSection(
  'Svc:Memory:ChromaDb',
  z.object({
    Url: z
      .string()
      .trim()
      .min(1)
      .default(defaultChromaUrl)
      .describe(
        'The ChromaDB server (REST API v2): http:// or https://, host and port, no path and no user name or password (give a token as AuthToken).',
      ),
    Tenant: z.string().trim().min(1).default('default_tenant').describe('The ChromaDB tenant; it must exist.'),
    Database: z
      .string()
      .trim()
      .min(1)
      .default('default_database')
      .describe('The ChromaDB database of the tenant; it must exist.'),
    Collection: z
      .string()
      .regex(
        chromaCollectionNamePattern,
        'use 3 to 502 letters, digits, dots, underscores or hyphens, starting and ending with a letter or digit',
      )
      .default(defaultChromaCollection)
      .describe(
        `The collection of the memories with a vector, created on first use with cosine distance; the memories stored without one go to a companion collection named after it with '${chromaTextOnlySuffix}' added.`,
      ),
    AuthToken: z
      .string()
      .min(1)
      .optional()
      .describe(
        'A token for a ChromaDB server (or the proxy before it) that asks for one, sent in the AuthHeader header. Secret: never logged.',
      ),
    AuthHeader: z
      .enum(chromaAuthHeaders)
      .default('X-Chroma-Token')
      .describe(
        "The header AuthToken travels in: 'X-Chroma-Token' (as the chromadb client sends it) or 'Authorization' (as 'Bearer <token>').",
      ),
    WordSearchMaxCandidates: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(defaultChromaWordSearchMaxCandidates)
      .describe(
        'The most records a word search reads from each collection (records whose text holds a word of the query). When more hold one, the best of those read are returned and a warning is logged.',
      ),
  }),
  { description: 'The ChromaDB memory store (@orkeon/memory-chroma, Memory:Provider = chromadb).' },
);

export type ChromaMemorySettings = SectionSettings<typeof chromaMemorySettings>;
