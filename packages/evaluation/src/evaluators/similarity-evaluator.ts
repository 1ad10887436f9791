import { EmbeddingProviderService } from '@orkeon/core';
import type { BenchmarkCase } from '../dataset/benchmark-case.js';
import type { EvaluationContext, EvaluationResult, EvaluationSample, Evaluator } from './evaluator.js';
import { wordsOf } from './text-tokens.js';

/** How answers are compared with the expected one. */
export type SimilarityMethod = 'Lexical' | 'Embedding';

/**
 * `similarity`: how close the answer is to the case's `expected` answer. `Lexical` (default): token
 * F1, the harmonic mean of the share of the answer's words found in the expected answer and the
 * share of the expected words found in the answer (each word counted as often as it occurs; case,
 * punctuation and Unicode forms ignored). `Embedding`: the cosine similarity of the two texts' vectors
 * from the runtime's embedding provider, negative values counted as 0.
 */
export class SimilarityEvaluator implements Evaluator {
  readonly name = 'similarity';
  readonly method: SimilarityMethod;

  constructor(options: { method?: SimilarityMethod } = {}) {
    this.method = options.method ?? 'Lexical';
  }

  appliesTo(benchmarkCase: BenchmarkCase): boolean {
    return benchmarkCase.expected !== undefined;
  }

  async evaluate({ benchmarkCase, answer }: EvaluationSample, context: EvaluationContext): Promise<EvaluationResult> {
    const expected = benchmarkCase.expected ?? '';
    if (this.method === 'Lexical') return { score: tokenF1(answer, expected), details: 'token F1' };
    if (answer.trim() === expected.trim()) return { score: 1, details: 'identical text' };
    const provider = context.runtime.services.get(EmbeddingProviderService);
    const [left, right] = await provider.embed(
      [answer, expected],
      context.signal === undefined ? {} : { signal: context.signal },
    );
    return { score: Math.max(0, cosine(left ?? [], right ?? [])), details: `cosine similarity (${provider.model})` };
  }
}

/** Token F1 of two texts, from 0 (no word in common) to 1 (the same words, as often); two empty texts score 1. */
export function tokenF1(answer: string, expected: string): number {
  const answerWords = wordsOf(answer);
  const expectedWords = wordsOf(expected);
  if (answerWords.length === 0 || expectedWords.length === 0)
    return answerWords.length === expectedWords.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const word of expectedWords) counts.set(word, (counts.get(word) ?? 0) + 1);
  let common = 0;
  for (const word of answerWords) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      common++;
      counts.set(word, left - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / answerWords.length;
  const recall = common / expectedWords.length;
  return (2 * precision * recall) / (precision + recall);
}

function cosine(left: readonly number[], right: readonly number[]): number {
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const a = left[index] ?? 0;
    const b = right[index] ?? 0;
    dot += a * b;
    leftNorm += a * a;
    rightNorm += b * b;
  }
  return leftNorm === 0 || rightNorm === 0 ? 0 : dot / Math.sqrt(leftNorm * rightNorm);
}
