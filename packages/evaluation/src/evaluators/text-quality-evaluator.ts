import type { BenchmarkCase } from '../dataset/benchmark-case.js';
import type { EvaluationResult, EvaluationSample, Evaluator } from './evaluator.js';
import { wordsOf } from './text-tokens.js';

/** Words left by a template, or a model declining: an answer holding one fails the `leftovers` check. */
const leftovers = [
  /lorem ipsum/i,
  /\bTODO\b|\bTBD\b/,
  /\[(?:insert|your|placeholder)\b[^\]]*\]/i,
  /\bas an ai(?: language)? model\b/i,
  /\bI(?:'m| am)? (?:cannot|can't|can not|unable to) (?:help|assist|answer|comply)\b/i,
];
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the check looks for.
const brokenCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/;

/**
 * `textQuality`: the mean of four checks on an answer in prose (cases without `format: json` or a
 * schema): `repetition` (distinct word trigrams ÷ trigrams, 1 under three trigrams), `readability`
 * (1 while sentences average at most `maxWordsPerSentence` words, else that limit ÷ the average),
 * `leftovers` (0 when a template placeholder, TODO or a refusal phrase remains) and `characters`
 * (0 when a control character or U+FFFD appears). An empty answer scores 0.
 */
export class TextQualityEvaluator implements Evaluator {
  readonly name = 'textQuality';
  readonly maxWordsPerSentence: number;

  constructor(options: { maxWordsPerSentence?: number } = {}) {
    this.maxWordsPerSentence = options.maxWordsPerSentence ?? 40;
  }

  appliesTo(benchmarkCase: BenchmarkCase): boolean {
    return benchmarkCase.format !== 'json' && benchmarkCase.schema === undefined;
  }

  evaluate({ answer }: EvaluationSample): EvaluationResult {
    const words = wordsOf(answer);
    if (words.length === 0) return { score: 0, details: 'empty answer' };
    const checks = {
      repetition: repetitionScore(words),
      readability: Math.min(1, this.maxWordsPerSentence / averageSentenceWords(answer)),
      leftovers: leftovers.some((pattern) => pattern.test(answer)) ? 0 : 1,
      characters: brokenCharacters.test(answer) ? 0 : 1,
    };
    const values = Object.values(checks);
    return {
      score: values.reduce((sum, value) => sum + value, 0) / values.length,
      details: Object.entries(checks)
        .map(([name, value]) => `${name} ${round(value)}`)
        .join(', '),
    };
  }
}

function repetitionScore(words: readonly string[]): number {
  if (words.length < 5) return 1;
  const trigrams = words.slice(2).map((word, index) => `${words[index]} ${words[index + 1]} ${word}`);
  return new Set(trigrams).size / trigrams.length;
}

/** Sentences end at `.`, `!`, `?` or `…` followed by a space, or at a line break; list items count as sentences. */
function averageSentenceWords(answer: string): number {
  const sentences = answer
    .split(/(?<=[.!?…])\s+|\r?\n+/)
    .map(wordsOf)
    .filter((words) => words.length > 0);
  const total = sentences.reduce((sum, words) => sum + words.length, 0);
  return total / Math.max(1, sentences.length);
}

function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}
