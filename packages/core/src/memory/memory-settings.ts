import { z } from 'zod';
import { defineSettingsSection, type SectionSettings } from '../config/settings-section.js';

/** `Memory`: which store keeps memories when a crew names none. */
export const memorySettings = defineSettingsSection(
  'Memory',
  z.object({
    Provider: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'The memory store; default inmemory (sqlite, in the state file, under orkeon run and serve): inmemory, sqlite, redis, postgres, lancedb, chromadb or pinecone (aliases: in-memory, chroma, lance, pgvector). Every store but inmemory comes from its own package and its addSvc… registration; an unknown or unregistered type refuses the start.',
      ),
  }),
  { description: 'Memory: the store crews and agents remember in (see docs/memory.md).' },
);

export type MemorySettings = SectionSettings<typeof memorySettings>;
