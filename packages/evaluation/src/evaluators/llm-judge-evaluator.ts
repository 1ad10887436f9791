import { defaultJudgeRubric } from '../benchmarking-settings.js';
import type { BenchmarkCase } from '../dataset/benchmark-case.js';
import { JudgeAnswerUnparsableError } from '../evaluation-errors.js';
import type { EvaluationContext, EvaluationResult, EvaluationSample, Evaluator } from './evaluator.js';

export interface LlmJudgeOptions {
  /** What the judge grades by unless a case gives its own `rubric`. */
  readonly rubric?: string;
  /** Longer answers are cut to this many characters; default 20000. */
  readonly maxAnswerChars?: number;
}

const judgeSystem =
  'You are a strict, fair grader of answers. You reply with only a JSON object, no other text: {"score": <a number from 0 to 10>, "reason": "<one sentence>"}.';

/**
 * `llmJudge`: the runtime's default model grades each answer from 0 to 10 by a rubric (the case's
 * `rubric`, else the settings'), seeing the case's inputs and expected answer when there is one;
 * the score is that grade ÷ 10, and the call's tokens are the evaluation's `tokens`. An answer without a readable score fails the evaluation with
 * `EVALUATION_JUDGE_ANSWER_UNPARSABLE`: it is reported as an error, never counted as 0.
 */
export class LlmJudgeEvaluator implements Evaluator {
  readonly name = 'llmJudge';
  readonly #rubric: string;
  readonly #maxAnswerChars: number;

  constructor(options: LlmJudgeOptions = {}) {
    this.#rubric = options.rubric ?? defaultJudgeRubric;
    this.#maxAnswerChars = options.maxAnswerChars ?? 20_000;
  }

  appliesTo(_benchmarkCase: BenchmarkCase): boolean {
    return true;
  }

  async evaluate(sample: EvaluationSample, context: EvaluationContext): Promise<EvaluationResult> {
    const client = context.runtime.llmClient({ tools: [], caller: { kind: 'host', agent: 'llm-judge' } });
    const result = await client.complete(this.prompt(sample), {
      system: judgeSystem,
      temperature: 0,
      ...(context.signal === undefined ? {} : { signal: context.signal }),
    });
    const tokens = result.usage.totalTokens;
    try {
      return { ...parseJudgeAnswer(result.output), tokens };
    } catch (error) {
      throw error instanceof JudgeAnswerUnparsableError ? new JudgeAnswerUnparsableError(error.message, tokens) : error;
    }
  }

  /** The prompt the judge reads for one sample. */
  prompt({ benchmarkCase, answer }: EvaluationSample): string {
    const inputs = Object.entries(benchmarkCase.inputs).map(([key, value]) => `- ${key}: ${value}`);
    const shown = answer.length > this.#maxAnswerChars ? `${answer.slice(0, this.#maxAnswerChars)}\n[… cut]` : answer;
    return [
      `Rubric: ${benchmarkCase.rubric ?? this.#rubric}`,
      ...(benchmarkCase.description === undefined ? [] : [`Task: ${benchmarkCase.description}`]),
      ...(inputs.length === 0 ? [] : ['Inputs:', ...inputs]),
      ...(benchmarkCase.expected === undefined ? [] : ['Expected answer:', '<<<', benchmarkCase.expected, '>>>']),
      'Answer to grade:',
      '<<<',
      shown,
      '>>>',
      'Reply with only {"score": <0 to 10>, "reason": "<one sentence>"}.',
    ].join('\n');
  }
}

/**
 * The judge's grade as a score from 0 to 1: a JSON object (alone, in a code fence or among other
 * text) with a number `score` from 0 to 10. Anything else throws `JudgeAnswerUnparsableError`.
 */
export function parseJudgeAnswer(text: string): EvaluationResult {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  let verdict: unknown;
  if (start !== -1 && end > start) {
    try {
      verdict = JSON.parse(text.slice(start, end + 1));
    } catch {
      verdict = undefined;
    }
  }
  const score = (verdict as { score?: unknown } | undefined)?.score;
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 10) {
    const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    throw new JudgeAnswerUnparsableError(
      `The LLM judge answered without a score from 0 to 10 in a JSON object ({"score": 7, "reason": "…"}): ${JSON.stringify(shown)}. Use a model that follows the format, or give Svc:Benchmarking:LlmJudge:Rubric wording it understands.`,
    );
  }
  const reason = (verdict as { reason?: unknown }).reason;
  return { score: score / 10, details: `judge: ${score}/10${typeof reason === 'string' ? ` (${reason})` : ''}` };
}
