import { z } from 'zod';
import { defineSettingsSection, type SectionSettings } from '../config/settings-section.js';

/** `Svc:CrewMemory`: what a crew with `memory: true` recalls before each task. */
export const crewMemorySettings = defineSettingsSection(
  'Svc:CrewMemory',
  z.object({
    RecallLimit: z.int().min(0).max(100).default(5).describe('The most memories shown to an agent before a task.'),
    MinScore: z
      .number()
      .min(-1)
      .max(1)
      .default(0.6)
      .describe(
        'The lowest cosine similarity a recalled memory has (vector recall; word recall, used when no embedding provider exists, has no threshold).',
      ),
    MaxChars: z
      .int()
      .min(100)
      .default(4000)
      .describe('The most characters of recalled memories in one prompt; the best-scored come first.'),
  }),
  { description: 'Crew memory: recall before each task and a memory of each result (crew `memory: true`).' },
);

export type CrewMemorySettings = SectionSettings<typeof crewMemorySettings>;
