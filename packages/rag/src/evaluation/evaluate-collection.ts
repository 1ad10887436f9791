import { checkGroundedness } from '../query/groundedness-check.js';
import type { RagCitation, RagRetrieval } from '../query/rag-answer.js';
import type { RagModel } from '../query/rag-model.js';
import type { Rag } from '../rag.js';
import type { RagSettings } from '../rag-settings.js';
import type { EvaluationQuestion } from './evaluation-dataset.js';
import { precisionAtK, recallAtK, reciprocalRank } from './retrieval-metrics.js';

export interface EvaluationOptions {
  /** Default `Svc:Rag:Collection`. */
  readonly collection?: string;
  /** Passages retrieved per question, and the k of recall@k and precision@k. */
  readonly k: number;
  /** The query profile to evaluate; default `Svc:Rag:Profile`. */
  readonly profile?: RagSettings['Profile'];
  /** When given, each question is also answered and this model judges the answer's groundedness. */
  readonly judge?: RagModel;
  readonly signal?: AbortSignal;
}

/** How one question fared. Scores are rounded to 3 decimals. */
export interface QuestionEvaluation {
  readonly id: string;
  readonly question: string;
  readonly recallAtK: number;
  readonly precisionAtK: number;
  readonly reciprocalRank: number;
  /** The chunk ids retrieved (`<sourceId>#<n>`), best first. */
  readonly retrieved: readonly string[];
  /** The relevant ids none of the first k passages matched. */
  readonly missed: readonly string[];
  /** The judge's groundedness score of the answer; absent without a judge, or when no model wrote the answer. */
  readonly grounded?: number;
}

/** The means over the questions (3 decimals), and each question's own scores. */
export interface EvaluationReport {
  readonly collection: string;
  readonly profile: RagSettings['Profile'];
  readonly k: number;
  readonly questions: number;
  readonly recallAtK: number;
  readonly precisionAtK: number;
  readonly meanReciprocalRank: number;
  /** Mean groundedness over the judged answers; present when a judge was given. */
  readonly groundedness?: number;
  /** How many answers were judged: those a model wrote from passages (a fixed "nothing found" answer is not). */
  readonly judgedAnswers?: number;
  readonly perQuestion: readonly QuestionEvaluation[];
}

/**
 * Runs every question against a collection and scores the retrieval: recall@k, precision@k and
 * the mean reciprocal rank (see `retrieval-metrics.ts`), and with a `judge` the groundedness of
 * the cited answers. Questions run one after another, so a rate-limited model is not flooded
 * and scripted answers are used in order.
 */
export async function evaluateCollection(
  rag: Pick<Rag, 'settings' | 'retrieve' | 'answer'>,
  questions: readonly EvaluationQuestion[],
  options: EvaluationOptions,
): Promise<EvaluationReport> {
  // Unrounded, so the means are not skewed by each question's rounding.
  const scores: QuestionEvaluation[] = [];
  let collection = options.collection ?? rag.settings.Collection;
  for (const question of questions) {
    options.signal?.throwIfAborted();
    const query = {
      text: question.question,
      topK: options.k,
      ...(options.collection === undefined ? {} : { collection: options.collection }),
      ...(options.profile === undefined ? {} : { profile: options.profile }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    };
    // An answer carries the retrieval it was written from: scoring those very passages avoids a
    // second retrieval (and a second rerank by the model, which could order them otherwise).
    // corrective and adaptive only answer: their final passages are scored.
    const profile = options.profile ?? rag.settings.Profile;
    const answers = options.judge !== undefined || profile === 'corrective' || profile === 'adaptive';
    const answer = answers ? await rag.answer(query) : undefined;
    const retrieval: RagRetrieval = answer ?? (await rag.retrieve(query));
    collection = retrieval.collection;
    const grounded =
      options.judge === undefined || answer === undefined || !answer.grounded
        ? undefined
        : // The quality profile checked the answer already: its verdict is reused, not asked again.
          (
            answer.groundedness ??
            (await checkGroundedness(answer.text, answer.passages, options.judge, options.signal))
          ).score;
    scores.push(scoreQuestion(question, retrieval.passages, options.k, grounded));
  }
  const judged = scores.flatMap((entry) => (entry.grounded === undefined ? [] : [entry.grounded]));
  return {
    collection,
    profile: options.profile ?? rag.settings.Profile,
    k: options.k,
    questions: scores.length,
    recallAtK: mean(scores.map((entry) => entry.recallAtK)),
    precisionAtK: mean(scores.map((entry) => entry.precisionAtK)),
    meanReciprocalRank: mean(scores.map((entry) => entry.reciprocalRank)),
    ...(options.judge === undefined ? {} : { groundedness: mean(judged), judgedAnswers: judged.length }),
    perQuestion: scores.map(rounded),
  };
}

function scoreQuestion(
  question: EvaluationQuestion,
  passages: readonly RagCitation[],
  k: number,
  grounded: number | undefined,
): QuestionEvaluation {
  // Markers follow the rank even when `Context:Order: edges` moves the best passages to the ends.
  const ranked = [...passages].sort((a, b) => a.marker - b.marker);
  const relevant = new Set(question.relevant);
  const firstK = ranked.slice(0, k);
  const matched = new Set(firstK.flatMap((passage) => [passage.chunkId, passage.sourceId]));
  return {
    id: question.id,
    question: question.question,
    recallAtK: recallAtK(ranked, relevant, k),
    precisionAtK: precisionAtK(ranked, relevant, k),
    reciprocalRank: reciprocalRank(ranked, relevant),
    retrieved: ranked.map((passage) => passage.chunkId),
    missed: question.relevant.filter((item) => !matched.has(item)),
    ...(grounded === undefined ? {} : { grounded }),
  };
}

function rounded(entry: QuestionEvaluation): QuestionEvaluation {
  return {
    ...entry,
    recallAtK: round(entry.recallAtK),
    precisionAtK: round(entry.precisionAtK),
    reciprocalRank: round(entry.reciprocalRank),
    ...(entry.grounded === undefined ? {} : { grounded: round(entry.grounded) }),
  };
}

/**
 * A short plain-text summary for a tool result: the means on one line, then one line per
 * question with its scores and the relevant ids it missed (where to look first).
 */
export function formatEvaluationReport(report: EvaluationReport): string {
  const k = report.k;
  const groundedness =
    report.groundedness === undefined
      ? ''
      : `, groundedness ${report.groundedness} (${report.judgedAnswers ?? 0} answer(s) judged)`;
  const heading = `Collection '${report.collection}', profile ${report.profile}, ${report.questions} question(s): recall@${k} ${report.recallAtK}, precision@${k} ${report.precisionAtK}, MRR ${report.meanReciprocalRank}${groundedness}`;
  const lines = report.perQuestion.map((entry) => {
    const grounded = entry.grounded === undefined ? '' : `, grounded ${entry.grounded}`;
    const missed = entry.missed.length === 0 ? '' : ` (missed: ${entry.missed.join(', ')})`;
    return `- ${entry.id}: recall@${k} ${entry.recallAtK}, precision@${k} ${entry.precisionAtK}, RR ${entry.reciprocalRank}${grounded}: ${shortened(entry.question)}${missed}`;
  });
  return [heading, ...lines].join('\n');
}

const questionCharacters = 100;

/** A question on one line, cut so a long one does not crowd the scores out. */
function shortened(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length <= questionCharacters ? line : `${line.slice(0, questionCharacters - 1)}…`;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : round(values.reduce((sum, value) => sum + value, 0) / values.length);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
