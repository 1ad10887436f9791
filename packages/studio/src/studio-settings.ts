import { defineSettingsSection } from '@orkeon/core';
import { z } from 'zod';

/** `Svc:Studio`: where `orkeon studio` listens and how much of each run it keeps. */
export const studioSettings = defineSettingsSection(
  'Svc:Studio',
  z.object({
    Host: z
      .string()
      .min(1)
      .default('localhost')
      .describe('Where the page listens. Beyond loopback (another address, 0.0.0.0) only with Token.'),
    Port: z.number().int().min(0).max(65_535).default(4000).describe('The port; 0 picks a free one.'),
    Token: z
      .string()
      .min(16)
      .optional()
      .describe(
        'A secret of at least 16 characters every request must carry (the page gets it from the address orkeon studio prints); usually given as SVC_Svc__Studio__Token. Required beyond loopback.',
      ),
    MaxEventsPerRun: z
      .number()
      .int()
      .min(100)
      .max(1_000_000)
      .default(5000)
      .describe(
        'Events kept per run for a page that opens the run later; older ones are dropped (the run’s totals still count them).',
      ),
  }),
  { description: 'Studio (@orkeon/studio): the local web page of orkeon studio (see docs/studio.md).' },
);
