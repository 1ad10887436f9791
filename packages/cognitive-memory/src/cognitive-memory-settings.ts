import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** `Svc:CognitiveMemory`: how memories are analysed and checked before they are kept (reference brief §8). */
export const cognitiveMemorySettings = defineSettingsSection(
  'Svc:CognitiveMemory',
  z.object({
    AnalysisModel: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'The model id that analyses memories and checks contradictions, built by the registered model factory (addSvcLlm). Default: the runtime’s model.',
      ),
    AnalysisTemperature: z
      .number()
      .min(0)
      .max(2)
      .default(0.1)
      .describe('Sampling temperature of the analysis and contradiction calls; low keeps the JSON answers steady.'),
    ContradictionCandidateCount: z
      .int()
      .min(1)
      .max(100)
      .default(10)
      .describe('How many of the most similar memories of the crew a new memory is checked against.'),
    EnableContradictionDetection: z
      .boolean()
      .default(true)
      .describe('Check each new memory against the most similar ones and resolve a conflict (one model call).'),
    EnableLlmAnalysis: z
      .boolean()
      .default(true)
      .describe(
        'Ask the model for each new memory’s importance, category, key entities, summary and tags (one model call).',
      ),
  }),
  {
    description:
      'Cognitive memory (@orkeon/cognitive-memory, experimental): analysis, contradiction checks, composite recall, consolidation.',
  },
);

export type CognitiveMemorySettings = SectionSettings<typeof cognitiveMemorySettings>;
/** The settings as code may give them: any key left out takes its default. */
export type CognitiveMemorySettingsInput = z.input<(typeof cognitiveMemorySettings)['schema']>;
