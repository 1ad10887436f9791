import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';
import { checkStoreSettings, storeSettingsShape } from './store-settings.js';

const perMinute = () => z.number().int().min(0);

/** `ToolRateLimiting`: calls a minute, all tools together and per tool (reference brief §11, item 5). */
export const toolRateLimitingSettings = defineSettingsSection(
  'ToolRateLimiting',
  z
    .object({
      GlobalToolRequestsPerMinute: perMinute()
        .default(120)
        .describe(
          'Most tool calls in any minute (a sliding window of six 10-second segments), all tools and agents together; checked first. 0 means no global limit.',
        ),
      DefaultToolRequestsPerMinute: perMinute()
        .default(30)
        .describe('Most calls in any minute of one tool that ToolSpecificLimits does not name. 0 means no limit.'),
      ToolSpecificLimits: z
        .record(z.string().min(1), perMinute())
        .default({})
        .describe(
          'Calls a minute per tool name, in place of DefaultToolRequestsPerMinute, e.g. { "web_search": 10, "file_read": 0 }; names match without regard to case; 0 means no limit for that tool.',
        ),
      ApplyInPipeline: z
        .boolean()
        .default(false)
        .describe(
          'True: every tool call of the runtime passes the limiter (a call over a limit is refused with a DENIED result the model reads, saying when to retry). False: nothing is applied; the host calls ToolRateLimiter.acquire itself.',
        ),
      ...storeSettingsShape('ToolRateLimiting', 'the windows'),
    })
    .superRefine(checkStoreSettings('ToolRateLimiting')),
  {
    description:
      'Tool rate limiting (@orkeon/rate-limiting, experimental SVCEXP008): sliding one-minute windows, global then per tool, in memory or shared through Redis or PostgreSQL.',
  },
);

export type ToolRateLimitingSettings = SectionSettings<typeof toolRateLimitingSettings>;
