import type { BenchmarkCase } from '../dataset/benchmark-case.js';
import { compileJsonSchema, type JsonSchemaCheck } from '../json-schema-check.js';
import { answerJson } from './answer-json.js';
import type { EvaluationResult, EvaluationSample, Evaluator } from './evaluator.js';

/** Issues listed in a verdict's details; the rest are counted. */
const listedIssues = 5;

/**
 * `schema`: the answer read as JSON (a code fence around it allowed) against the case's JSON
 * Schema (draft 2020-12): 1 when it conforms, 0 when it does not or is not JSON.
 */
export class SchemaEvaluator implements Evaluator {
  readonly name = 'schema';
  // One compilation per schema object, however many runs.
  readonly #compiled = new WeakMap<object, JsonSchemaCheck>();

  appliesTo(benchmarkCase: BenchmarkCase): boolean {
    return benchmarkCase.schema !== undefined;
  }

  evaluate({ benchmarkCase, answer }: EvaluationSample): EvaluationResult {
    const schema = benchmarkCase.schema;
    if (schema === undefined) return { score: 0, details: 'the case gives no schema' };
    const parsed = answerJson(answer);
    if (!parsed.ok) return { score: 0, details: parsed.reason };
    let check = this.#compiled.get(schema);
    if (check === undefined) {
      check = compileJsonSchema(schema);
      this.#compiled.set(schema, check);
    }
    const issues = check(parsed.value);
    if (issues.length === 0) return { score: 1, details: 'conforms to the schema' };
    const more = issues.length > listedIssues ? `; and ${issues.length - listedIssues} more` : '';
    return { score: 0, details: `${issues.slice(0, listedIssues).join('; ')}${more}` };
  }
}
