// One file over 300 lines: every behaviour of the benchmark runner through createRuntime shares one scripted
// model server and one crew factory (evaluators, the judge, embeddings, concurrency, failures).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Configuration,
  type CrewDefinition,
  coreSettingsSections,
  createRuntime,
  defineCrew,
  type Runtime,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { addSvcLlm } from '@orkeon/providers';
import {
  captureLogger,
  createTemporaryDirectory,
  type RecordedRequest,
  type ScriptedModelServer,
  scriptedEmbedding,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addSvcBenchmarking,
  type BenchmarkCase,
  BenchmarkConfigInvalidError,
  BenchmarkRunnerService,
  benchmarkingSettings,
  type Evaluator,
  EvaluatorService,
  EvaluatorSuiteService,
} from '../src/index.js';

let server: ScriptedModelServer;
let folder: TemporaryDirectory;
beforeEach(async () => {
  server = await startScriptedModelServer();
  folder = await createTemporaryDirectory();
  await writeFile(join(folder.path, 'facts.txt'), 'Paris is the capital of France.');
});
afterEach(async () => {
  await server.close();
  await folder.remove();
});

const clock = () => new Date('2026-11-28T10:00:00.000Z');

async function runtimeWith(
  tree: SettingsTree = {},
  register?: (services: ServiceCollection) => void,
): Promise<Runtime> {
  const configuration = Configuration.fromObject(
    { Llm: { BaseUrl: server.openAiBaseUrl, Model: 'scripted', MaxRetries: 0 }, ...tree },
    [...coreSettingsSections, benchmarkingSettings],
  );
  const services = new ServiceCollection();
  const { logger } = captureLogger();
  addSvcLlm(services, configuration, logger);
  register?.(services);
  addSvcBenchmarking(services, configuration, { clock });
  return createRuntime({ services, configuration, logger, mounts: [`${folder.path}:/data:ro`] });
}

/** A one-task crew asked about the case's country. */
const crewFor = (benchmarkCase: BenchmarkCase): CrewDefinition =>
  defineCrew({
    name: 'geography',
    agents: [{ id: 'guide', role: 'Guide', goal: 'Answers questions about places', tools: ['file_read'] }],
    tasks: [
      {
        id: 'answer',
        description: `What is the capital of ${benchmarkCase.inputs.country ?? 'nowhere'}?`,
        expectedOutput: 'The answer',
        agent: 'guide',
      },
    ],
  });

describe('addSvcBenchmarking through createRuntime', () => {
  it('runs each case repeatedly and reports mean, standard deviation, min and max per evaluator', async () => {
    await using runtime = await runtimeWith();
    server.enqueue(
      // capital, run 1: reads the facts, then answers word for word.
      { toolCalls: [{ name: 'file_read', arguments: { path: '/data/facts.txt' } }] },
      { text: 'Paris is the capital of France.' },
      // run 2: answers without the tool, in fewer words.
      { text: 'The capital is Paris.' },
      // run 3: the provider fails; the run fails and is kept.
      { error: { status: 400, message: 'context length exceeded' } },
      // person: valid JSON, then JSON breaking the schema, then prose.
      { text: '{"name": "Ada"}' },
      { text: '```json\n{"name": 3}\n```' },
      { text: 'Her name is Ada.' },
    );
    const runner = runtime.services.get(BenchmarkRunnerService);
    const progress: string[] = [];
    const report = await runner.run(runtime, {
      crew: crewFor,
      dataset: [
        {
          id: 'capital',
          inputs: { country: 'France' },
          expected: 'Paris is the capital of France.',
          expectedTools: ['file_read'],
        },
        {
          id: 'person',
          format: 'json',
          schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        },
      ],
      onProgress: ({ caseId, run, completed, total, record }) =>
        progress.push(`${completed}/${total} ${caseId}#${run} ${record.success}`),
    });
    expect(progress).toEqual([
      '1/6 capital#1 true',
      '2/6 capital#2 true',
      '3/6 capital#3 false',
      '4/6 person#1 true',
      '5/6 person#2 true',
      '6/6 person#3 true',
    ]);
    expect(report).toMatchObject({
      formatVersion: 1,
      name: 'geography',
      dataset: 'code',
      createdAt: '2026-11-28T10:00:00.000Z',
      runsPerCase: 3,
      standardDeviation: 'sample',
      evaluators: ['format', 'schema', 'similarity', 'textQuality', 'toolAccuracy'],
    });
    const [capital, person] = report.cases;
    expect(capital?.runs.map((run) => run.toolCalls)).toEqual([['file_read'], [], []]);
    expect(capital?.failedRuns).toBe(1);
    expect(capital?.successRate).toBeCloseTo(2 / 3);
    expect(capital?.runs[2]).toMatchObject({ success: false, evaluations: {}, error: { code: expect.any(String) } });
    expect(capital?.runs[2]?.error?.message).toContain('context length exceeded');
    expect(Object.keys(capital?.evaluators ?? {})).toEqual(['similarity', 'textQuality', 'toolAccuracy']);
    // Token F1 1 and 0.8; the tool called once of two runs.
    const similarity = capital?.evaluators.similarity?.scores;
    expect(similarity?.count).toBe(2);
    expect(similarity?.mean).toBeCloseTo(0.9);
    expect(similarity?.standardDeviation).toBeCloseTo(Math.sqrt(0.02));
    expect([similarity?.min, similarity?.max]).toEqual([expect.closeTo(0.8), 1]);
    expect(capital?.evaluators.toolAccuracy?.scores).toMatchObject({ mean: 0.5, min: 0, max: 1 });
    expect(capital?.evaluators.toolAccuracy?.scores?.standardDeviation).toBeCloseTo(Math.SQRT1_2);
    expect(capital?.tokens?.count).toBe(3);
    expect(capital?.durationMs?.count).toBe(3);

    expect(Object.keys(person?.evaluators ?? {})).toEqual(['format', 'schema']);
    expect(person?.evaluators.format?.scores).toMatchObject({ count: 3, min: 0, max: 1 });
    expect(person?.evaluators.format?.scores?.mean).toBeCloseTo(2 / 3);
    expect(person?.evaluators.schema?.scores?.mean).toBeCloseTo(1 / 3);
    expect(person?.runs[1]?.evaluations.schema).toEqual({ score: 0, details: '/name: must be string' });

    expect(report.summary).toMatchObject({ cases: 2, runs: 6, failedRuns: 1 });
    expect(report.summary.evaluators.similarity).toMatchObject({ count: 1, mean: expect.closeTo(0.9) });
    expect(report.summary.evaluators.format?.count).toBe(1);
    expect(report.summary.totalTokens).toBeGreaterThan(0);
    expect(server.remainingTurns).toBe(0);
  });

  it('scores with the host’s own evaluators, registered before it; one named like a built-in replaces it', async () => {
    const mentionsParis: Evaluator = {
      name: 'mentionsParis',
      appliesTo: (benchmarkCase) => benchmarkCase.inputs.country === 'France',
      evaluate: ({ answer }) => ({ score: answer.includes('Paris') ? 1 : 0, details: 'looked for Paris' }),
    };
    const exact: Evaluator = {
      name: 'similarity',
      appliesTo: (benchmarkCase) => benchmarkCase.expected !== undefined,
      evaluate: ({ answer, benchmarkCase }) => ({ score: answer === benchmarkCase.expected ? 1 : 0 }),
    };
    await using runtime = await runtimeWith({ Svc: { Benchmarking: { RunsPerCase: 2 } } }, (services) => {
      services.addInstance(EvaluatorService, mentionsParis);
      services.addInstance(EvaluatorService, exact);
    });
    expect(runtime.services.get(EvaluatorSuiteService).names).toEqual([
      'format',
      'schema',
      'similarity',
      'textQuality',
      'toolAccuracy',
      'mentionsParis',
    ]);
    server.enqueue({ text: 'Paris' }, { text: 'Lyon' });
    const report = await runtime.services
      .get(BenchmarkRunnerService)
      .run(runtime, { crew: crewFor, dataset: [{ id: 'fr', inputs: { country: 'France' }, expected: 'Paris' }] });
    expect(report.runsPerCase).toBe(2);
    const fr = report.cases[0];
    expect(fr?.runs[0]?.evaluations.mentionsParis).toEqual({ score: 1, details: 'looked for Paris' });
    expect(fr?.evaluators.mentionsParis?.scores).toMatchObject({ mean: 0.5, count: 2 });
    // The host's exact match, not token F1 (which would give Lyon 0 too, but Paris 1 with details 'token F1').
    expect(fr?.runs[0]?.evaluations.similarity).toEqual({ score: 1 });
  });

  it('records an evaluator that throws or scores outside 0..1 as that evaluation’s error', async () => {
    const broken: Evaluator = {
      name: 'broken',
      appliesTo: () => true,
      evaluate: ({ answer }) => {
        if (answer === 'one') throw new Error('cannot score');
        return { score: 1.5 };
      },
    };
    await using runtime = await runtimeWith({}, (services) => services.addInstance(EvaluatorService, broken));
    server.enqueue({ text: 'one' }, { text: 'two' });
    const report = await runtime.services
      .get(BenchmarkRunnerService)
      .run(runtime, { crew: crewFor, dataset: [{ id: 'a' }], runsPerCase: 2 });
    const a = report.cases[0];
    expect(a?.runs.map((run) => run.evaluations.broken)).toEqual([
      { error: { code: 'EVALUATION_ERROR_UNCODED', message: 'cannot score' } },
      {
        error: {
          code: 'EVALUATION_EVALUATOR_INVALID',
          message: "The evaluator 'broken' returned the score 1.5: a score is a number from 0 to 1.",
        },
      },
    ]);
    expect(a?.evaluators.broken).toEqual({ scores: null, errors: 2 });
    expect(a?.failedRuns).toBe(0);
  });

  it('with the LLM judge enabled, grades each answer with the runtime’s model; an unreadable grade is an error', async () => {
    await using runtime = await runtimeWith({
      Svc: { Benchmarking: { RunsPerCase: 2, LlmJudge: { Enabled: true, Rubric: 'Reward the right city.' } } },
    });
    server.enqueue(
      { text: 'Paris', usage: { inputTokens: 100, outputTokens: 1 } },
      { text: '{"score": 9, "reason": "right city"}', usage: { inputTokens: 200, outputTokens: 10 } },
      { text: 'Marseille', usage: { inputTokens: 100, outputTokens: 2 } },
      { text: 'Wrong city, I would say.', usage: { inputTokens: 300, outputTokens: 20 } },
    );
    const report = await runtime.services
      .get(BenchmarkRunnerService)
      .run(runtime, { crew: crewFor, dataset: [{ id: 'fr', inputs: { country: 'France' }, expected: 'Paris' }] });
    const judged = report.cases[0]?.runs.map((run) => run.evaluations.llmJudge);
    expect(judged?.[0]).toEqual({ score: 0.9, details: 'judge: 9/10 (right city)', tokens: 210 });
    expect(judged?.[1]).toMatchObject({ error: { code: 'EVALUATION_JUDGE_ANSWER_UNPARSABLE' }, tokens: 320 });
    expect(report.cases[0]?.evaluators.llmJudge).toMatchObject({ scores: { count: 1, mean: 0.9 }, errors: 1 });
    // The judge's tokens are the evaluations', apart from the crew's.
    expect(report.cases[0]?.runs.map((run) => run.tokens)).toEqual([101, 102]);
    expect(report.summary).toMatchObject({ totalTokens: 203, evaluationTokens: 530 });
    const judgePrompt = JSON.stringify(server.requests[1]?.body);
    expect(judgePrompt).toContain('Rubric: Reward the right city.');
    expect(judgePrompt).toContain('Answer to grade:\\n<<<\\nParis\\n>>>');
    expect(judgePrompt).not.toContain('file_read');
  });

  it('with Similarity:Method Embedding, scores the cosine of the two texts’ vectors from the runtime’s embeddings', async () => {
    await using runtime = await runtimeWith({
      Llm: { BaseUrl: server.openAiBaseUrl, Model: 'scripted', EmbeddingModel: 'scripted-embedding', MaxRetries: 0 },
      Svc: { Benchmarking: { RunsPerCase: 1, Similarity: { Method: 'Embedding' } } },
    });
    server.enqueue({ text: 'Paris is the capital.' }, { text: 'Paris is the capital of France.' });
    const expected = 'Paris is the capital of France.';
    const report = await runtime.services.get(BenchmarkRunnerService).run(runtime, {
      crew: crewFor,
      dataset: [
        { id: 'near', expected },
        { id: 'same', expected },
      ],
    });
    const [near, same] = report.cases.map((item) => item.runs[0]?.evaluations.similarity);
    const cosine = scriptedEmbedding('Paris is the capital.').reduce(
      (sum, value, index) => sum + value * (scriptedEmbedding(expected)[index] ?? 0),
      0,
    );
    expect(cosine).toBeGreaterThan(0.5);
    expect(cosine).toBeLessThan(0.99);
    expect(near).toEqual({
      score: expect.closeTo(cosine, 6),
      details: 'cosine similarity (openai:scripted-embedding)',
    });
    // An identical answer scores 1 without asking for vectors.
    expect(same).toEqual({ score: 1, details: 'identical text' });
    const embeddingRequests = server.requests.filter((request) => request.path.endsWith('/embeddings'));
    expect(embeddingRequests.map((request) => request.body?.input)).toEqual([['Paris is the capital.', expected]]);
  });

  it('without the judge setting, makes no judge call', async () => {
    await using runtime = await runtimeWith();
    server.enqueue({ text: 'Paris' });
    const report = await runtime.services
      .get(BenchmarkRunnerService)
      .run(runtime, { crew: crewFor, dataset: [{ id: 'fr' }], runsPerCase: 1 });
    expect(report.evaluators).not.toContain('llmJudge');
    expect(server.requests).toHaveLength(1);
  });

  it('runs MaxConcurrentRuns at once; each run keeps its own answer and tool calls, the report its order', async () => {
    // Answers by the question asked: France reads the facts first, Japan answers at once. Each answer waits
    // 300 ms, so that the runs in flight overlap at the server.
    const answer = (request: RecordedRequest) => {
      const body = JSON.stringify(request.body);
      if (body.includes('capital of Japan')) return { delayMilliseconds: 300, text: 'Tokyo is the capital of Japan.' };
      if (body.includes('"role":"tool"')) return { delayMilliseconds: 300, text: 'Paris is the capital of France.' };
      return {
        delayMilliseconds: 300,
        toolCalls: [{ name: 'file_read', arguments: { path: '/data/facts.txt' } }],
      };
    };
    const dataset = [
      { id: 'france', inputs: { country: 'France' }, expected: 'Paris is the capital of France.' },
      { id: 'japan', inputs: { country: 'Japan' }, expected: 'Tokyo is the capital of Japan.' },
    ];
    const outcome = async (runtime: Runtime, maxConcurrentRuns?: number) => {
      server.enqueue(...Array.from({ length: 9 }, () => answer));
      const finished: string[] = [];
      const report = await runtime.services.get(BenchmarkRunnerService).run(runtime, {
        crew: crewFor,
        dataset,
        onProgress: ({ caseId, run }) => finished.push(`${caseId}#${run}`),
        ...(maxConcurrentRuns === undefined ? {} : { maxConcurrentRuns }),
      });
      const mostInFlight = server.mostPendingAnswers;
      server.reset();
      return { report, finished, mostInFlight };
    };

    await using oneAtATime = await runtimeWith();
    const sequential = await outcome(oneAtATime);
    expect(sequential.mostInFlight).toBe(1);
    expect(sequential.finished).toEqual(['france#1', 'france#2', 'france#3', 'japan#1', 'japan#2', 'japan#3']);

    await using fourAtOnce = await runtimeWith({ Svc: { Benchmarking: { MaxConcurrentRuns: 4 } } });
    const concurrent = await outcome(fourAtOnce);
    expect(concurrent.mostInFlight).toBe(4);
    // France's three runs and Japan's first start together; Japan's takes one model call, France's two, so it
    // finishes first. The report keeps the dataset's order.
    expect(concurrent.finished[0]).toBe('japan#1');
    expect(concurrent.finished.toSorted()).toEqual(sequential.finished.toSorted());
    const [france, japan] = concurrent.report.cases;
    expect(france?.runs.map((run) => [run.run, run.answer, run.toolCalls])).toEqual([
      [1, 'Paris is the capital of France.', ['file_read']],
      [2, 'Paris is the capital of France.', ['file_read']],
      [3, 'Paris is the capital of France.', ['file_read']],
    ]);
    expect(japan?.runs.map((run) => [run.run, run.answer, run.toolCalls])).toEqual([
      [1, 'Tokyo is the capital of Japan.', []],
      [2, 'Tokyo is the capital of Japan.', []],
      [3, 'Tokyo is the capital of Japan.', []],
    ]);
    const { totalDurationMs: _sequentialTime, ...sequentialScores } = sequential.report.summary;
    const { totalDurationMs: _concurrentTime, ...concurrentScores } = concurrent.report.summary;
    expect(concurrentScores).toEqual(sequentialScores);

    // The config's value wins over the setting.
    expect((await outcome(fourAtOnce, 2)).mostInFlight).toBe(2);
    await expect(
      fourAtOnce.services.get(BenchmarkRunnerService).run(fourAtOnce, { crew: crewFor, dataset, maxConcurrentRuns: 0 }),
    ).rejects.toThrow(/maxConcurrentRuns must be a whole number from 1 to 64, not 0/);
  });

  it('stops every worker when onProgress throws, and rejects with its error once the runs in flight end', async () => {
    await using runtime = await runtimeWith({ Svc: { Benchmarking: { MaxConcurrentRuns: 2 } } });
    server.enqueue(...Array.from({ length: 6 }, () => ({ delayMilliseconds: 50, text: 'Paris.' })));
    const finished: string[] = [];
    await expect(
      runtime.services.get(BenchmarkRunnerService).run(runtime, {
        crew: crewFor,
        dataset: [{ id: 'a' }, { id: 'b' }],
        onProgress: ({ caseId, run }) => {
          finished.push(`${caseId}#${run}`);
          throw new Error('the progress display broke');
        },
      }),
    ).rejects.toThrow('the progress display broke');
    // Two runs were in flight when the first finished; no third started.
    expect(finished).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it('refuses before any run: inputs for a fixed crew, a crew that cannot be built, bad runs per case', async () => {
    await using runtime = await runtimeWith();
    const runner = runtime.services.get(BenchmarkRunnerService);
    const fixed = crewFor({ id: 'x', inputs: { country: 'Peru' } });
    await expect(
      runner.run(runtime, { crew: fixed, dataset: [{ id: 'a', inputs: { country: 'France' } }] }),
    ).rejects.toThrow(
      /Case 'a' gives inputs, but the crew is one fixed definition .*pass the crew as a function of the case/,
    );
    await expect(
      runner.run(runtime, {
        crew: (benchmarkCase) => {
          if (benchmarkCase.id === 'b') throw new Error('unset variable topic');
          return fixed;
        },
        dataset: [{ id: 'a' }, { id: 'b' }],
      }),
    ).rejects.toThrow(BenchmarkConfigInvalidError);
    await expect(runner.run(runtime, { crew: fixed, dataset: [{ id: 'a' }], runsPerCase: 0 })).rejects.toThrow(
      /runsPerCase must be a whole number from 1 to 1000, not 0/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('registers nothing with Enabled false, and refuses an unknown key', async () => {
    await using runtime = await runtimeWith({ Svc: { Benchmarking: { Enabled: false } } });
    expect(runtime.services.tryGet(BenchmarkRunnerService)).toBeUndefined();
    expect(() =>
      Configuration.fromObject({ Svc: { Benchmarking: { RunPerCase: 2 } } }, [
        ...coreSettingsSections,
        benchmarkingSettings,
      ]),
    ).toThrow(/Svc:Benchmarking:RunPerCase/);
    const { logger } = captureLogger();
    const plain = await createRuntime({ logger });
    expect(plain.services.tryGet(BenchmarkRunnerService)).toBeUndefined();
    await plain.dispose();
  });
});
