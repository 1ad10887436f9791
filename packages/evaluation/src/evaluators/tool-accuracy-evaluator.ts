import type { BenchmarkCase } from '../dataset/benchmark-case.js';
import type { EvaluationResult, EvaluationSample, Evaluator } from './evaluator.js';

/**
 * `toolAccuracy`: the F1 of the tools the run called against the case's `expectedTools`, as sets
 * (repeats and order ignored): precision = expected tools called ÷ distinct tools called, recall =
 * expected tools called ÷ expected tools. `expectedTools: []` scores 1 when no tool was called, else 0.
 */
export class ToolAccuracyEvaluator implements Evaluator {
  readonly name = 'toolAccuracy';

  appliesTo(benchmarkCase: BenchmarkCase): boolean {
    return benchmarkCase.expectedTools !== undefined;
  }

  evaluate({ benchmarkCase, toolCalls }: EvaluationSample): EvaluationResult {
    const expected = new Set(benchmarkCase.expectedTools ?? []);
    const called = new Set(toolCalls);
    const hits = [...called].filter((tool) => expected.has(tool));
    const missing = [...expected].filter((tool) => !called.has(tool));
    const unexpected = [...called].filter((tool) => !expected.has(tool));
    const details = [
      missing.length === 0 ? '' : `missing ${missing.join(', ')}`,
      unexpected.length === 0 ? '' : `unexpected ${unexpected.join(', ')}`,
    ]
      .filter((part) => part !== '')
      .join('; ');
    if (expected.size === 0 || called.size === 0)
      return { score: expected.size === called.size ? 1 : 0, details: details || 'as expected' };
    const precision = hits.length / called.size;
    const recall = hits.length / expected.size;
    const score = hits.length === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return { score, details: details || 'as expected' };
  }
}
