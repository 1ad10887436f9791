import type { BenchmarkCase } from '../dataset/benchmark-case.js';
import { answerJson } from './answer-json.js';
import type { EvaluationResult, EvaluationSample, Evaluator } from './evaluator.js';

/**
 * `format`: whether the answer is written as the case's `format` asks. `json`: 1 when it parses
 * (a code fence around it allowed), else 0. A `pattern`: 1 when the regular expression matches.
 * `markdown`: the mean of three checks (some Markdown structure, balanced code fences, tables whose
 * rows have the same number of cells).
 */
export class FormatEvaluator implements Evaluator {
  readonly name = 'format';

  appliesTo(benchmarkCase: BenchmarkCase): boolean {
    return benchmarkCase.format !== undefined;
  }

  evaluate({ benchmarkCase, answer }: EvaluationSample): EvaluationResult {
    const format = benchmarkCase.format;
    if (format === 'json') {
      const parsed = answerJson(answer);
      return parsed.ok ? { score: 1, details: 'valid JSON' } : { score: 0, details: parsed.reason };
    }
    if (format === 'markdown') return markdownScore(answer);
    if (format === undefined) return { score: 0, details: 'the case gives no format' };
    const matches = new RegExp(format.pattern, format.flags).test(answer);
    return {
      score: matches ? 1 : 0,
      details: `${matches ? 'matches' : 'does not match'} /${format.pattern}/${format.flags ?? ''}`,
    };
  }
}

const structure = [
  /^#{1,6}\s+\S/m, // a heading
  /^\s*(?:[-*+]|\d+[.)])\s+\S/m, // a list item
  /^\s*\|.*\|\s*$/m, // a table row
  /^```/m, // a code fence
  /\*\*[^*\n]+\*\*|__[^_\n]+__/, // strong emphasis
  /\[[^\]\n]+\]\([^)\s]+\)/, // a link
  /^>\s/m, // a quote
];

function markdownScore(answer: string): EvaluationResult {
  const failed: string[] = [];
  if (!structure.some((pattern) => pattern.test(answer))) failed.push('no Markdown structure');
  const fences = answer.split(/\r?\n/).filter((line) => /^\s*```/.test(line)).length;
  if (fences % 2 !== 0) failed.push('a code fence is not closed');
  if (!tablesAreRegular(answer)) failed.push('a table has rows of different widths');
  return {
    score: (3 - failed.length) / 3,
    details: failed.length === 0 ? 'well-formed Markdown' : failed.join('; '),
  };
}

/** Each run of consecutive `| … |` lines has the same number of cells on every row. */
function tablesAreRegular(answer: string): boolean {
  let width: number | undefined;
  for (const line of answer.split(/\r?\n/)) {
    const row = /^\s*\|(.*)\|\s*$/.exec(line);
    if (row === null) {
      width = undefined;
      continue;
    }
    const cells = (row[1] ?? '').split(/(?<!\\)\|/).length;
    if (width === undefined) width = cells;
    else if (cells !== width) return false;
  }
  return true;
}
