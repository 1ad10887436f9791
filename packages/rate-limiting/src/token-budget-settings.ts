import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';
import { checkStoreSettings, storeSettingsShape } from './store-settings.js';

/** The rates of a model with no price in the pricing registry: a mid-to-high list price, so an unknown model is not counted as free. */
export const defaultFallbackPrice = { InputPerMillionTokens: 3, OutputPerMillionTokens: 15 } as const;

const dollarsPerMillion = (what: string, fallback: number) =>
  z
    .number()
    .min(0)
    .default(fallback)
    .describe(
      `US dollars per million ${what} tokens of a model with no price in Telemetry:Prices or the built-in table.`,
    );

/** `TokenBudget`: tokens per agent and per crew, cost per crew (reference brief §11, item 5). */
export const tokenBudgetSettings = defineSettingsSection(
  'TokenBudget',
  z
    .object({
      MaxTokensPerAgent: z
        .number()
        .int()
        .min(0)
        .default(100_000)
        .describe('Most tokens (input plus output) one agent role may use in one crew; 0 means unlimited.'),
      MaxTokensPerCrew: z
        .number()
        .int()
        .min(0)
        .default(500_000)
        .describe('Most tokens (input plus output) of all agents of one crew together; 0 means unlimited.'),
      MaxCostPerCrew: z
        .number()
        .min(0)
        .default(10)
        .describe('Most estimated cost in US dollars of one crew; 0 means unlimited.'),
      FallbackPrice: z
        .object({
          InputPerMillionTokens: dollarsPerMillion('input', defaultFallbackPrice.InputPerMillionTokens),
          OutputPerMillionTokens: dollarsPerMillion('output', defaultFallbackPrice.OutputPerMillionTokens),
        })
        .prefault({})
        .describe('The rates used for the cost of a model the pricing registry has no price for.'),
      ApplyInAgentLoop: z
        .boolean()
        .default(false)
        .describe(
          'True: every model call of a run is recorded (the crew is the run: a crew run’s session id) and a passed limit stops the run like a spent crew budget (budget.exhausted, exit code 2). False: nothing is applied; the host calls TokenBudgetTracker.recordUsage itself.',
        ),
      RetentionDays: z
        .number()
        .int()
        .min(1)
        .default(30)
        .describe(
          'Redis and PostgreSQL: how long a crew’s counters are kept after their last change (Redis key expiry; PostgreSQL rows removed when a process first connects).',
        ),
      ...storeSettingsShape('TokenBudget', 'the counters'),
    })
    .superRefine(checkStoreSettings('TokenBudget')),
  {
    description:
      'Token budgets (@orkeon/rate-limiting, experimental SVCEXP008): tokens per agent and per crew, estimated cost per crew, in memory or shared through Redis or PostgreSQL.',
  },
);

export type TokenBudgetSettings = SectionSettings<typeof tokenBudgetSettings>;
