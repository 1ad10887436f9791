import { serviceToken } from '@orkeon/core';
import type { BenchmarkCase } from '../dataset/benchmark-case.js';
import { EvaluatorInvalidError } from '../evaluation-errors.js';
import type { Evaluator } from './evaluator.js';

const evaluatorName = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * The evaluators a benchmark scores with, by name: when two share a name, the later one
 * replaces the earlier (so a host's `similarity` replaces the built-in one, in its place).
 */
export class EvaluatorSuite {
  readonly #evaluators: readonly Evaluator[];

  constructor(evaluators: readonly Evaluator[]) {
    const byName = new Map<string, Evaluator>();
    for (const evaluator of evaluators) {
      const name: unknown = evaluator.name;
      if (typeof name !== 'string' || !evaluatorName.test(name))
        throw new EvaluatorInvalidError(
          `An evaluator's name must be 1 to 64 letters, digits, '-' or '_', starting with a letter, not ${JSON.stringify(name)}: give the evaluator a name like 'citations'.`,
        );
      // Comparisons report the share of successful runs under this name.
      if (name === 'successRate')
        throw new EvaluatorInvalidError(
          "'successRate' names the share of successful runs in reports: give the evaluator another name.",
        );
      byName.set(name, evaluator);
    }
    this.#evaluators = [...byName.values()];
  }

  /** Every evaluator, in order. */
  get evaluators(): readonly Evaluator[] {
    return this.#evaluators;
  }

  /** The names of the evaluators, in order. */
  get names(): readonly string[] {
    return this.#evaluators.map((evaluator) => evaluator.name);
  }

  /** The evaluators that apply to a case. */
  for(benchmarkCase: BenchmarkCase): readonly Evaluator[] {
    return this.#evaluators.filter((evaluator) => evaluator.appliesTo(benchmarkCase));
  }
}

/** The suite the benchmark runner scores with (built-in evaluators, then every `EvaluatorService`). */
export const EvaluatorSuiteService = serviceToken<EvaluatorSuite>('EvaluatorSuite');
