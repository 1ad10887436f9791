import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** The rubric the LLM judge grades with unless the settings or a case give another. */
export const defaultJudgeRubric =
  'Grade how well the answer does what the input asks: correct, complete, relevant and clearly written. When an expected answer is given, an answer that says the same thing in other words is fully correct.';

/** `Svc:Benchmarking`: repeated runs of a crew over a dataset (reference brief §11, item 7; Beta). */
export const benchmarkingSettings = defineSettingsSection(
  'Svc:Benchmarking',
  z.object({
    Enabled: z
      .boolean()
      .default(true)
      .describe('Whether addSvcBenchmarking registers the runner and the evaluators; false registers nothing.'),
    RunsPerCase: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(3)
      .describe('How many times each case runs (orkeon eval --runs overrides it). Standard deviations need 2 or more.'),
    MaxConcurrentRuns: z
      .number()
      .int()
      .min(1)
      .max(64)
      .default(1)
      .describe(
        'How many runs go at once (orkeon eval --concurrency overrides it). More finishes sooner against a slow model, within its rate limit; the runs share the runtime, so crews that write the same files or remember (memory: true) should keep 1.',
      ),
    RegressionThreshold: z
      .number()
      .min(0)
      .max(1)
      .default(0.1)
      .describe(
        'The smallest drop of a mean score (scores are 0 to 1) that a comparison names a regression; the same rise is an improvement.',
      ),
    NoiseMultiplier: z
      .number()
      .min(0)
      .default(2)
      .describe(
        'A drop must also exceed this many standard errors of the difference of the two means (from the runs’ sample standard deviations); 0 judges by the threshold alone.',
      ),
    Similarity: z
      .object({
        Method: z
          .enum(['Lexical', 'Embedding'])
          .default('Lexical')
          .describe(
            'Lexical: token F1 of the answer against the expected answer (no model call). Embedding: cosine similarity of their vectors from the runtime’s embedding provider.',
          ),
      })
      .default({ Method: 'Lexical' })
      .describe('How the similarity evaluator compares an answer with the expected one.'),
    TextQuality: z
      .object({
        MaxWordsPerSentence: z
          .number()
          .int()
          .min(5)
          .default(40)
          .describe('Sentences longer than this on average lower the readability check of text quality.'),
      })
      .default({ MaxWordsPerSentence: 40 })
      .describe('The heuristics of the text-quality evaluator.'),
    LlmJudge: z
      .object({
        Enabled: z
          .boolean()
          .default(false)
          .describe('Whether the LLM judge grades every answer with the runtime’s model (one model call per run).'),
        Rubric: z
          .string()
          .trim()
          .min(1)
          .default(defaultJudgeRubric)
          .describe('What the judge grades by, unless a case gives its own rubric.'),
        MaxAnswerChars: z
          .number()
          .int()
          .min(100)
          .default(20_000)
          .describe('Longer answers are cut to this many characters before the judge reads them.'),
      })
      .default({ Enabled: false, Rubric: defaultJudgeRubric, MaxAnswerChars: 20_000 })
      .describe('The LLM judge (off by default: it costs a model call per run).'),
  }),
  {
    description:
      'Evaluation benchmarking (@orkeon/evaluation, Beta): repeated runs of a crew over a dataset, the evaluators and the regression rule of comparisons (see docs/evaluation.md).',
  },
);

export type BenchmarkingSettings = SectionSettings<typeof benchmarkingSettings>;
