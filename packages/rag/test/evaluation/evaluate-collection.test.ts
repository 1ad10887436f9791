import { createLlmClient } from '@orkeon/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluateCollection, formatEvaluationReport } from '../../src/evaluation/evaluate-collection.js';
import type { EvaluationQuestion } from '../../src/evaluation/evaluation-dataset.js';
import { RagService } from '../../src/index.js';
import {
  type EvaluationRuntime,
  evaluationQuestions as questions,
  startEvaluationRuntime,
} from './evaluation-runtime.js';

// evaluateCollection over a real runtime; what each question retrieves is listed beside
// `evaluationQuestions`, and the scores below follow from it.

let context: EvaluationRuntime;
beforeEach(async () => {
  context = await startEvaluationRuntime();
});
afterEach(async () => {
  await context[Symbol.asyncDispose]();
});

const chatCalls = () => context.server.requests.filter((request) => !request.path.endsWith('/embeddings')).length;

describe('evaluateCollection', () => {
  it('scores each question and the means at k = 5', async () => {
    const rag = context.runtime.services.get(RagService);
    const report = await evaluateCollection(rag, questions, { collection: 'docs', k: 5 });
    expect(report).toEqual({
      collection: 'docs',
      profile: 'fast',
      k: 5,
      questions: 4,
      // (1 + 1 + 1 + 2/3) / 4, (2/5 + 1/5 + 1/5 + 2/5) / 4, (1 + 1 + 1/2 + 1) / 4
      recallAtK: 0.917,
      precisionAtK: 0.3,
      meanReciprocalRank: 0.875,
      perQuestion: [
        {
          id: 'node',
          question: questions[0]?.question,
          recallAtK: 1,
          precisionAtK: 0.4,
          reciprocalRank: 1,
          retrieved: ['/docs/guide.md#0', '/docs/guide.md#1', '/docs/octopus.md#0'],
          missed: [],
        },
        {
          id: 'mounts',
          question: questions[1]?.question,
          recallAtK: 1,
          precisionAtK: 0.2,
          reciprocalRank: 1,
          retrieved: ['/docs/guide.md#1', '/docs/octopus.md#0', '/docs/owl.md#0'],
          missed: [],
        },
        {
          id: 'hearts',
          question: questions[2]?.question,
          recallAtK: 1,
          precisionAtK: 0.2,
          reciprocalRank: 0.5,
          retrieved: ['/docs/owl.md#0', '/docs/octopus.md#0'],
          missed: [],
        },
        {
          id: 'owls',
          question: questions[3]?.question,
          recallAtK: 0.667,
          precisionAtK: 0.4,
          reciprocalRank: 1,
          retrieved: ['/docs/owl.md#0', '/docs/guide.md#1', '/docs/guide.md#0', '/docs/octopus.md#0'],
          missed: ['/docs/faq.md'],
        },
      ],
    });
    expect(chatCalls()).toBe(0);
    expect(formatEvaluationReport(report)).toBe(
      [
        "Collection 'docs', profile fast, 4 question(s): recall@5 0.917, precision@5 0.3, MRR 0.875",
        '- node: recall@5 1, precision@5 0.4, RR 1: Which Node version does Orkeon need to install?',
        '- mounts: recall@5 1, precision@5 0.2, RR 1: What rights does a mount of a folder give?',
        '- hearts: recall@5 1, precision@5 0.2, RR 0.5: How many hearts do octopuses have?',
        '- owls: recall@5 0.667, precision@5 0.4, RR 1: When do owls hunt mice? (missed: /docs/faq.md)',
      ].join('\n'),
    );
  });

  it('retrieves k passages and scores the first k: at k = 2 the owls miss the install section', async () => {
    const rag = context.runtime.services.get(RagService);
    const report = await evaluateCollection(rag, questions, { collection: 'docs', k: 2 });
    expect(report.perQuestion.map((entry) => entry.retrieved.length)).toEqual([2, 2, 2, 2]);
    expect(
      report.perQuestion.map(({ recallAtK, precisionAtK, reciprocalRank }) => [
        recallAtK,
        precisionAtK,
        reciprocalRank,
      ]),
    ).toEqual([
      [1, 1, 1],
      [1, 0.5, 1],
      [1, 0.5, 0.5],
      [0.333, 0.5, 1],
    ]);
    expect(report.perQuestion[3]?.missed).toEqual(['/docs/guide.md#0', '/docs/faq.md']);
    expect(report).toMatchObject({ k: 2, recallAtK: 0.833, precisionAtK: 0.625, meanReciprocalRank: 0.875 });
  });

  it('with a judge, answers each question and judges the answer against its passages', async () => {
    const rag = context.runtime.services.get(RagService);
    const judge = createLlmClient(context.runtime.services, { caller: { kind: 'host', agent: 'judge' } });
    context.server.enqueue(
      { text: 'Orkeon needs Node 22 or later [1].' },
      { text: '0.9' },
      { text: 'Octopuses have four hearts [2].' },
      { text: 'No: the passages say three hearts.' },
    );
    const report = await evaluateCollection(rag, [questions[0], questions[2]] as EvaluationQuestion[], {
      collection: 'docs',
      k: 5,
      judge,
    });
    expect(context.server.pendingAnswers).toBe(0);
    expect(report).toMatchObject({ groundedness: 0.45, judgedAnswers: 2, recallAtK: 1, meanReciprocalRank: 0.75 });
    expect(report.perQuestion.map((entry) => entry.grounded)).toEqual([0.9, 0]);

    // The judge saw the answer it scored and the passages it was written from.
    const judgeRequest = JSON.stringify(
      context.server.requests.filter((r) => !r.path.endsWith('/embeddings'))[1]?.body,
    );
    expect(judgeRequest).toContain('Orkeon needs Node 22 or later [1].');
    expect(judgeRequest).toContain('[1] # Orkeon guide');
    expect(judgeRequest).toContain('the share of the answer’s statements that the passages support');
    expect(formatEvaluationReport(report)).toContain(', groundedness 0.45 (2 answer(s) judged)');
    expect(formatEvaluationReport(report)).toContain('- hearts: recall@5 1, precision@5 0.2, RR 0.5, grounded 0: ');
  });

  it('does not judge a fixed answer: nothing found in an empty collection asks no model', async () => {
    const rag = context.runtime.services.get(RagService);
    const judge = createLlmClient(context.runtime.services, { caller: { kind: 'host', agent: 'judge' } });
    const report = await evaluateCollection(rag, questions.slice(0, 2), { collection: 'empty', k: 3, judge });
    expect(report).toMatchObject({
      collection: 'empty',
      questions: 2,
      recallAtK: 0,
      precisionAtK: 0,
      meanReciprocalRank: 0,
      groundedness: 0,
      judgedAnswers: 0,
    });
    expect(report.perQuestion[0]).toMatchObject({ retrieved: [], missed: ['/docs/guide.md'] });
    expect(report.perQuestion[0]).not.toHaveProperty('grounded');
    expect(chatCalls()).toBe(0);
  });

  it('stops when the signal fires', async () => {
    const rag = context.runtime.services.get(RagService);
    const controller = new AbortController();
    controller.abort(new Error('stopped by the test'));
    await expect(
      evaluateCollection(rag, questions, { collection: 'docs', k: 5, signal: controller.signal }),
    ).rejects.toThrow('stopped by the test');
  });
});
