import { afterEach, describe, expect, it } from 'vitest';
import { createRagEvalTool, RagService, ragEvalInput } from '../../src/index.js';
import { type EvaluationRuntime, evaluationQuestions, startEvaluationRuntime } from './evaluation-runtime.js';

// rag_eval through the runtime's invocation pipeline: the dataset read from a read-only mount
// through the agents' view of the file system, the report as the tool's text result.

let context: EvaluationRuntime | undefined;
afterEach(async () => {
  await context?.[Symbol.asyncDispose]();
  context = undefined;
});

const asJsonLines = () => evaluationQuestions.map((question) => JSON.stringify(question)).join('\n');

async function evaluate(input: Record<string, unknown>) {
  const result = await context?.runtime.pipeline.invoke({ tool: 'rag_eval', input, caller: { kind: 'host' } });
  if (result === undefined) throw new Error('no runtime');
  return result;
}

describe('rag_eval', () => {
  it('reads the dataset through the file system and answers the report (k = 5 by default)', async () => {
    context = await startEvaluationRuntime();
    const dataset = await context.writeDataset('set.json', JSON.stringify({ questions: evaluationQuestions }));
    const result = await evaluate({ dataset, collection: 'docs' });
    expect(result.outcome).toBe('Success');
    expect(result.output).toBe(
      [
        "Collection 'docs', profile fast, 4 question(s): recall@5 0.917, precision@5 0.3, MRR 0.875",
        '- node: recall@5 1, precision@5 0.4, RR 1: Which Node version does Orkeon need to install?',
        '- mounts: recall@5 1, precision@5 0.2, RR 1: What rights does a mount of a folder give?',
        '- hearts: recall@5 1, precision@5 0.2, RR 0.5: How many hearts do octopuses have?',
        '- owls: recall@5 0.667, precision@5 0.4, RR 1: When do owls hunt mice? (missed: /docs/faq.md)',
      ].join('\n'),
    );
    const atOne = await evaluate({ dataset, collection: 'docs', k: 1 });
    expect(atOne.output.split('\n')[0]).toBe(
      // node 1/1/1, mounts 1/1/1, hearts 0/0/0 (only the owls come back), owls 1/3, 1, 1
      "Collection 'docs', profile fast, 4 question(s): recall@1 0.583, precision@1 0.75, MRR 0.75",
    );
  });

  it('compares profiles side by side (corrective scored on the passages its answers used); one the installation cannot run is reported, not fatal', async () => {
    context = await startEvaluationRuntime();
    const dataset = await context.writeDataset('set.jsonl', asJsonLines());
    // corrective, per question: the grade (Correct), the answer, the groundedness check.
    for (let question = 0; question < 4; question += 1)
      context.server.enqueue({ text: '1: 0.9' }, { text: 'It is so [1].' }, { text: '1' });
    const result = await evaluate({
      dataset,
      collection: 'docs',
      profile: 'fast',
      compare: ['balanced', 'corrective'],
    });
    expect(result.outcome).toBe('Success');
    expect(context.server.pendingAnswers).toBe(0);
    const [table, fast, corrective, extra] = result.output.split('\n\n');
    expect(table).toBe(
      [
        "Profiles compared on the collection 'docs', 4 question(s), k = 5:",
        '- fast: recall@5 0.917, precision@5 0.3, MRR 0.875',
        "- balanced: not run (Svc:Rag:Profile 'balanced' needs the cross-encoder reranker, and none is registered: install @orkeon/rag-onnx and set Svc:Rag:OnnxReranker:ModelDirectory to a model folder (docs/rag-onnx.md), or set Svc:Rag:Rerank:Kind to llm to let the model rerank.)",
        // Words fused with vectors find the octopuses first: the hearts question's RR goes from 0.5 to 1.
        '- corrective: recall@5 0.917, precision@5 0.3, MRR 1',
      ].join('\n'),
    );
    expect(fast).toMatch(/^Collection 'docs', profile fast, 4 question\(s\)/);
    expect(corrective).toMatch(/^Collection 'docs', profile corrective, 4 question\(s\)/);
    expect(corrective).toContain('- hearts: recall@5 1, precision@5 0.2, RR 1: How many hearts do octopuses have?');
    expect(extra).toBeUndefined();
  });

  it('use_llm_judge: the answers are judged and the groundedness reported', async () => {
    context = await startEvaluationRuntime();
    const dataset = await context.writeDataset('two.jsonl', asJsonLines().split('\n').slice(0, 2).join('\n'));
    context.server.enqueue(
      { text: 'Orkeon needs Node 22 or later [1].' },
      { text: '1' },
      { text: 'A mount gives ro or rw rights [1], and makes coffee [3].' },
      { text: '0.5' },
    );
    const result = await evaluate({ dataset, collection: 'docs', use_llm_judge: true });
    expect(context.server.pendingAnswers).toBe(0);
    expect(result.output.split('\n')).toEqual([
      "Collection 'docs', profile fast, 2 question(s): recall@5 1, precision@5 0.3, MRR 1, groundedness 0.75 (2 answer(s) judged)",
      '- node: recall@5 1, precision@5 0.4, RR 1, grounded 1: Which Node version does Orkeon need to install?',
      '- mounts: recall@5 1, precision@5 0.2, RR 1, grounded 0.5: What rights does a mount of a folder give?',
    ]);
  });

  it('use_llm_judge without a model is an error result, and no question is run', async () => {
    context = await startEvaluationRuntime();
    const dataset = await context.writeDataset('set.jsonl', asJsonLines());
    const embedCalls = context.server.requests.length;
    // A host without any model: the tool as addSvcRag builds it, with no judge to find.
    const runtime = context.runtime;
    const tool = createRagEvalTool(
      () => runtime.services.get(RagService),
      () => undefined,
    );
    const result = (await tool.execute(ragEvalInput.parse({ dataset, collection: 'docs', use_llm_judge: true }), {
      vfs: runtime.vfs.agentView(),
      logger: runtime.logger,
      signal: new AbortController().signal,
      caller: { kind: 'host' },
      callId: 'judge-less',
    })) as { outcome: string; output: string };
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain(
      'use_llm_judge needs a model to judge the answers, and no model is configured: set Llm:Model, or call rag_eval with use_llm_judge false.',
    );
    expect(context.server.requests.length).toBe(embedCalls);
    // Without the judge the same dataset is evaluated.
    expect((await evaluate({ dataset, collection: 'docs' })).outcome).toBe('Success');
  });

  it('a dataset that cannot be read fails, naming the file, the line and the fix', async () => {
    context = await startEvaluationRuntime();
    const broken = await context.writeDataset(
      'broken.jsonl',
      '{"question": "A?", "relevant": ["/docs/guide.md"]}\n{"question": "B?"}',
    );
    const result = await evaluate({ dataset: broken, collection: 'docs' });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain(
      `Evaluation dataset '/eval/broken.jsonl' line 2 needs "relevant": a non-empty list of source ids or chunk ids`,
    );
    const missing = await evaluate({ dataset: '/eval/none.json' });
    expect(missing.outcome).toBe('Failure');
    expect(missing.output).toContain("Evaluation dataset '/eval/none.json' cannot be read");
    const refused = await evaluate({ dataset: '/eval/set.json', k: 51 });
    expect(refused.outcome).not.toBe('Success');
  });
});
