import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

export const defaultPineconeIndexName = 'orkeon-memories';
export const defaultPineconeNamespace = 'default';
export const defaultPineconeWordSearchMaxRecords = 10_000;

/** Pinecone's index names: 1 to 45 lower-case letters, digits and hyphens, starting and ending with a letter or digit. */
export const pineconeIndexNamePattern = /^[a-z0-9](?:[a-z0-9-]{0,43}[a-z0-9])?$/;

/** `Svc:Memory:Pinecone`: the index and namespace of the Pinecone memory store (`Memory:Provider` = `pinecone`). */
export const pineconeMemorySettings = defineSettingsSection(
  'Svc:Memory:Pinecone',
  z.object({
    ApiKey: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The Pinecone API key. Required: without it addSvcPineconeMemory refuses the start. Secret: never logged nor quoted.',
      ),
    Host: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        "The index's host, as the console or describe_index gives it (orkeon-memories-abc123.svc.aped-4627-b74a.pinecone.io; https:// is added when no scheme is given). Without it, the host is resolved once, when the store opens, by describing IndexName on the control plane.",
      ),
    IndexName: z
      .string()
      .regex(
        pineconeIndexNamePattern,
        'use 1 to 45 lower-case letters, digits or hyphens, starting and ending with a letter or digit',
      )
      .default(defaultPineconeIndexName)
      .describe(
        'The index: a dense index with cosine metric, created beforehand with the dimension of your embeddings. The store never creates or deletes it.',
      ),
    Namespace: z
      .string()
      .min(1)
      .default(defaultPineconeNamespace)
      .describe('The namespace of the index the memories live in; clear() deletes every record of it.'),
    ControllerHost: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'The control plane that describes the index; default https://api.pinecone.io. Set it for Pinecone Local or a proxy.',
      ),
    WordSearchMaxRecords: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(defaultPineconeWordSearchMaxRecords)
      .describe(
        'Pinecone has no word search, so a word search lists and fetches the whole namespace and matches words here; a namespace holding more memories than this is refused with PINECONE_MEMORY_WORD_SEARCH_TOO_LARGE (use searchSimilar).',
      ),
  }),
  { description: 'The Pinecone memory store (@orkeon/memory-pinecone, Memory:Provider = pinecone).' },
);

export type PineconeMemorySettings = SectionSettings<typeof pineconeMemorySettings>;
