import { defineTool, OrkeonError, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import type { RagModel } from '../query/rag-model.js';
import type { Rag } from '../rag.js';
import { type RagProfile, ragProfiles } from '../rag-settings.js';
import { type EvaluationReport, evaluateCollection, formatEvaluationReport } from './evaluate-collection.js';
import { readEvaluationDataset } from './evaluation-dataset.js';

export const ragEvalToolName = 'rag_eval';

export const ragEvalInput = z.strictObject({
  dataset: z
    .string()
    .min(1)
    .describe(
      'Virtual path of the dataset: JSON { "questions": [{ "question", "relevant": [source or chunk ids], "id"?, "answer"? }] } or JSON Lines.',
    ),
  collection: z.string().min(1).optional().describe('The collection to evaluate; default the configured one.'),
  profile: z.enum(ragProfiles).optional().describe('The query profile to evaluate; default the configured one.'),
  compare: z
    .array(z.enum(ragProfiles))
    .min(1)
    .max(ragProfiles.length)
    .optional()
    .describe('Profiles to evaluate one after another and report side by side (with profile, that one first).'),
  k: z
    .number()
    .int()
    .min(1)
    .max(50)
    .default(5)
    .describe('Passages retrieved per question: the k of recall@k and precision@k.'),
  use_llm_judge: z
    .boolean()
    .default(false)
    .describe(
      'Also answer each question and have a model judge whether the answer keeps to its passages (costs model calls).',
    ),
});

/**
 * `rag_eval`: scores a collection's retrieval against a dataset of questions and the sources
 * that answer them (recall@k, precision@k, MRR), optionally the groundedness of its answers,
 * for one profile or several side by side. Read access: it only queries (though a judge and
 * a rerank call the model).
 */
export function createRagEvalTool(
  rag: () => Rag,
  judge: () => RagModel | undefined,
): Tool<z.output<typeof ragEvalInput>> {
  return defineTool({
    name: ragEvalToolName,
    description:
      'Evaluate a knowledge base collection against a dataset of questions with known relevant sources: recall@k, precision@k, mean reciprocal rank, and optionally answer groundedness judged by a model. Can compare query profiles.',
    input: ragEvalInput,
    access: 'Read',
    // One query per question, and per profile: far longer than one search.
    timeoutMilliseconds: 15 * 60_000,
    // One line per question: a dataset of a hundred questions must fit.
    maxResultCharacters: 20_000,
    async execute({ dataset, collection, profile, compare, k, use_llm_judge }, context) {
      const model = use_llm_judge ? judge() : undefined;
      if (use_llm_judge && model === undefined)
        return toolFailure(
          'use_llm_judge needs a model to judge the answers, and no model is configured: set Llm:Model, or call rag_eval with use_llm_judge false.',
        );
      const questions = await readEvaluationDataset(context.vfs, dataset);
      const options = {
        k,
        signal: context.signal,
        ...(collection === undefined ? {} : { collection }),
        ...(model === undefined ? {} : { judge: model }),
      };
      if (compare === undefined) {
        const report = await evaluateCollection(rag(), questions, {
          ...options,
          ...(profile === undefined ? {} : { profile }),
        });
        return formatEvaluationReport(report);
      }
      const profiles = [...new Set(profile === undefined ? compare : [profile, ...compare])];
      const outcomes: ProfileOutcome[] = [];
      for (const each of profiles) {
        // A profile this installation cannot run is reported in its row; the others still compare.
        try {
          outcomes.push({
            profile: each,
            report: await evaluateCollection(rag(), questions, { ...options, profile: each }),
          });
        } catch (error) {
          if (!OrkeonError.isInstance(error)) throw error;
          outcomes.push({ profile: each, failure: error.message });
        }
      }
      return formatComparison(outcomes, k, questions.length);
    },
  });
}

type ProfileOutcome =
  | { readonly profile: RagProfile; readonly report: EvaluationReport }
  | { readonly profile: RagProfile; readonly failure: string };

/** One row of means per profile (or why it did not run), then each profile's own report. */
function formatComparison(outcomes: readonly ProfileOutcome[], k: number, questions: number): string {
  const reports = outcomes.flatMap((outcome) => ('report' in outcome ? [outcome.report] : []));
  const collection = reports[0] === undefined ? '' : ` on the collection '${reports[0].collection}'`;
  const rows = outcomes.map((outcome) => {
    if (!('report' in outcome)) return `- ${outcome.profile}: not run (${outcome.failure})`;
    const { report } = outcome;
    const groundedness = report.groundedness === undefined ? '' : `, groundedness ${report.groundedness}`;
    return `- ${outcome.profile}: recall@${k} ${report.recallAtK}, precision@${k} ${report.precisionAtK}, MRR ${report.meanReciprocalRank}${groundedness}`;
  });
  const heading = `Profiles compared${collection}, ${questions} question(s), k = ${k}:`;
  return [[heading, ...rows].join('\n'), ...reports.map(formatEvaluationReport)].join('\n\n');
}
