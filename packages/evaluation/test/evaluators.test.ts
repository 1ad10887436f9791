import type { Runtime } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import {
  type BenchmarkCase,
  EvaluatorInvalidError,
  EvaluatorSuite,
  FormatEvaluator,
  JudgeAnswerUnparsableError,
  LlmJudgeEvaluator,
  parseJudgeAnswer,
  SchemaEvaluator,
  SimilarityEvaluator,
  statisticsOf,
  TextQualityEvaluator,
  ToolAccuracyEvaluator,
  tokenF1,
} from '../src/index.js';

const base: BenchmarkCase = { id: 'case', inputs: {} };
const sample = (answer: string, benchmarkCase: Partial<BenchmarkCase> = {}, toolCalls: string[] = []) => ({
  benchmarkCase: { ...base, ...benchmarkCase },
  answer,
  toolCalls,
});
// The lexical evaluators never touch the runtime.
const context = { runtime: {} as Runtime };

describe('statisticsOf', () => {
  it('gives the mean, the sample standard deviation (n − 1), min and max', () => {
    expect(statisticsOf([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({
      count: 8,
      mean: 5,
      standardDeviation: Math.sqrt(32 / 7),
      min: 2,
      max: 9,
    });
    expect(statisticsOf([0.5])).toEqual({ count: 1, mean: 0.5, standardDeviation: 0, min: 0.5, max: 0.5 });
    expect(statisticsOf([])).toBeNull();
  });

  it('does not drift on many equal values', () => {
    const statistics = statisticsOf(Array.from({ length: 10_000 }, () => 0.1));
    expect(statistics?.mean).toBeCloseTo(0.1, 12);
    expect(statistics?.standardDeviation).toBeLessThan(1e-12);
  });
});

describe('FormatEvaluator', () => {
  const format = new FormatEvaluator();

  it('applies only to cases with a format', () => {
    expect(format.appliesTo(base)).toBe(false);
    expect(format.appliesTo({ ...base, format: 'json' })).toBe(true);
  });

  it('scores JSON 1 when it parses, a code fence around it allowed, else 0', () => {
    expect(format.evaluate(sample('{"a": 1}', { format: 'json' })).score).toBe(1);
    expect(format.evaluate(sample('```json\n[1, 2]\n```', { format: 'json' })).score).toBe(1);
    const bad = format.evaluate(sample('Sure! {"a": 1}', { format: 'json' }));
    expect(bad.score).toBe(0);
    expect(bad.details).toMatch(/^not JSON/);
  });

  it('scores a pattern 1 when it matches, with its flags', () => {
    const pattern = { pattern: '^paris\\b', flags: 'i' };
    expect(format.evaluate(sample('Paris, of course.', { format: pattern })).score).toBe(1);
    expect(format.evaluate(sample('It is Paris.', { format: pattern })).score).toBe(0);
  });

  it('scores Markdown by structure, closed fences and regular tables', () => {
    const good = '# Title\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n';
    expect(format.evaluate(sample(good, { format: 'markdown' }))).toEqual({
      score: 1,
      details: 'well-formed Markdown',
    });
    const plain = format.evaluate(sample('Just one sentence.', { format: 'markdown' }));
    expect(plain.score).toBeCloseTo(2 / 3);
    expect(plain.details).toBe('no Markdown structure');
    const broken = format.evaluate(sample('# T\n```ts\ncode\n| a | b |\n| 1 |\n', { format: 'markdown' }));
    expect(broken.score).toBeCloseTo(1 / 3);
    expect(broken.details).toBe('a code fence is not closed; a table has rows of different widths');
  });
});

describe('SchemaEvaluator', () => {
  const schema = {
    type: 'object',
    required: ['name', 'email'],
    properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
  };
  const evaluator = new SchemaEvaluator();

  it('scores 1 when the answer conforms, 0 with the issues when not', () => {
    expect(evaluator.evaluate(sample('{"name": "Ada", "email": "ada@example.com"}', { schema })).score).toBe(1);
    const wrong = evaluator.evaluate(sample('```json\n{"name": 3, "email": "nope"}\n```', { schema }));
    expect(wrong.score).toBe(0);
    expect(wrong.details).toContain('/name: must be string');
    expect(wrong.details).toContain('/email: must match format "email"');
    expect(evaluator.evaluate(sample('Ada', { schema })).details).toMatch(/^not JSON/);
  });
});

describe('SimilarityEvaluator (lexical)', () => {
  it('is token F1: case, punctuation and word order ignored, repeats counted', () => {
    expect(tokenF1('Paris.', 'paris')).toBe(1);
    // answer 4 words all found (precision 1), 4 of the 6 expected words (recall 2/3).
    expect(tokenF1('The capital is Paris.', 'Paris is the capital of France.')).toBeCloseTo(0.8);
    expect(tokenF1('the the the', 'the cat')).toBeCloseTo(0.4);
    expect(tokenF1('', '')).toBe(1);
    expect(tokenF1('', 'Paris')).toBe(0);
    expect(tokenF1('London', 'Paris')).toBe(0);
    expect(tokenF1('Ｐａｒｉｓ', 'paris')).toBe(1);
  });

  it('applies only with an expected answer', async () => {
    const similarity = new SimilarityEvaluator();
    expect(similarity.appliesTo(base)).toBe(false);
    expect(await similarity.evaluate(sample('Paris', { expected: 'Paris' }), context)).toEqual({
      score: 1,
      details: 'token F1',
    });
  });
});

describe('TextQualityEvaluator', () => {
  const quality = new TextQualityEvaluator({ maxWordsPerSentence: 10 });

  it('scores clean prose 1 and an empty answer 0', () => {
    expect(quality.evaluate(sample('Paris is the capital. It lies on the Seine.')).score).toBe(1);
    expect(quality.evaluate(sample('  ')).score).toBe(0);
  });

  it('lowers the score for repetition, long sentences, leftovers and broken characters', () => {
    const loop = quality.evaluate(sample('the cat sat the cat sat the cat sat the cat sat.'));
    expect(loop.score).toBeLessThan(1);
    expect(loop.details).toMatch(/repetition 0\.3/);
    const long = quality.evaluate(sample(`${'word '.repeat(40).trim()}.`));
    expect(long.details).toContain('readability 0.25');
    expect(quality.evaluate(sample('As an AI language model, I cannot help.')).details).toContain('leftovers 0');
    expect(quality.evaluate(sample('Hello [insert name here].')).details).toContain('leftovers 0');
    expect(quality.evaluate(sample('Broken \ufffd text.')).details).toContain('characters 0');
  });

  it('does not apply to JSON answers', () => {
    expect(quality.appliesTo({ ...base, format: 'json' })).toBe(false);
    expect(quality.appliesTo({ ...base, schema: {} })).toBe(false);
    expect(quality.appliesTo(base)).toBe(true);
  });
});

describe('ToolAccuracyEvaluator', () => {
  const accuracy = new ToolAccuracyEvaluator();
  const expectedTools = ['file_read', 'web_search'];

  it('is the F1 of the tools called against the expected ones, as sets', () => {
    expect(accuracy.evaluate(sample('', { expectedTools }, ['web_search', 'file_read', 'file_read'])).score).toBe(1);
    const half = accuracy.evaluate(sample('', { expectedTools }, ['file_read', 'shell']));
    expect(half.score).toBeCloseTo(0.5);
    expect(half.details).toBe('missing web_search; unexpected shell');
    expect(accuracy.evaluate(sample('', { expectedTools }, [])).score).toBe(0);
  });

  it('with expectedTools [], scores 1 when nothing was called, else 0', () => {
    expect(accuracy.evaluate(sample('', { expectedTools: [] }, [])).score).toBe(1);
    expect(accuracy.evaluate(sample('', { expectedTools: [] }, ['shell'])).score).toBe(0);
    expect(accuracy.appliesTo(base)).toBe(false);
  });
});

describe('the LLM judge', () => {
  it('reads a JSON grade, alone, fenced or among text', () => {
    expect(parseJudgeAnswer('{"score": 8, "reason": "right"}')).toEqual({ score: 0.8, details: 'judge: 8/10 (right)' });
    expect(parseJudgeAnswer('Here:\n```json\n{"score": 10}\n```').score).toBe(1);
  });

  it('refuses an answer without a readable score instead of counting 0', () => {
    for (const answer of ['Great answer!', '{"score": "8"}', '{"score": 11}', '{"grade": 8}', '{score: 8}'])
      expect(() => parseJudgeAnswer(answer)).toThrow(JudgeAnswerUnparsableError);
    expect(() => parseJudgeAnswer('Great answer!')).toThrow(/"Great answer!"/);
  });

  it('shows the rubric (the case’s first), the inputs, the expected answer and the answer', () => {
    const judge = new LlmJudgeEvaluator({ rubric: 'Be kind.', maxAnswerChars: 100 });
    const prompt = judge.prompt(sample('x'.repeat(150), { inputs: { country: 'France' }, expected: 'Paris' }));
    expect(prompt).toContain('Rubric: Be kind.');
    expect(prompt).toContain('- country: France');
    expect(prompt).toContain('Expected answer:\n<<<\nParis\n>>>');
    expect(prompt).toContain(`${'x'.repeat(100)}\n[… cut]`);
    expect(judge.prompt(sample('a', { rubric: 'Only facts.' }))).toContain('Rubric: Only facts.');
  });
});

describe('EvaluatorSuite', () => {
  it('keeps one evaluator per name, the later replacing the earlier in its place', () => {
    const mine = { name: 'format', appliesTo: () => true, evaluate: () => ({ score: 1 }) };
    const suite = new EvaluatorSuite([new FormatEvaluator(), new ToolAccuracyEvaluator(), mine]);
    expect(suite.names).toEqual(['format', 'toolAccuracy']);
    expect(suite.evaluators[0]).toBe(mine);
    expect(suite.for(base).map((evaluator) => evaluator.name)).toEqual(['format']);
  });

  it('refuses names that cannot appear in reports', () => {
    const named = (name: string) => ({ name, appliesTo: () => true, evaluate: () => ({ score: 1 }) });
    expect(() => new EvaluatorSuite([named('')])).toThrow(EvaluatorInvalidError);
    expect(() => new EvaluatorSuite([named('has space')])).toThrow(/letters, digits/);
    expect(() => new EvaluatorSuite([named('successRate')])).toThrow(/share of successful runs/);
  });
});
