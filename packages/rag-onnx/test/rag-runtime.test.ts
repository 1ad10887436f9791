import { join } from 'node:path';
import {
  Configuration,
  ConfigurationError,
  coreSettingsSections,
  createRuntime,
  EmbeddingProviderService,
  type Runtime,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import {
  addSvcRag,
  addSvcRagTools,
  type RagModel,
  type RagReranker,
  RagRerankerService,
  RagService,
  ragSettings,
} from '@orkeon/rag';
import {
  captureLogger,
  createTemporaryDirectory,
  tinyCrossEncoderRelevance as expectedRelevance,
  type TemporaryDirectory,
  writeTinyCrossEncoder,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSvcOnnxReranker, OnnxCrossEncoderReranker, onnxRerankerSettings } from '../src/index.js';
import { wordEmbeddings } from './support/word-embeddings.js';

// The user's path: a runtime with addSvcRag and addSvcOnnxReranker from settings, inline documents
// ingested, questions through rag.retrieve and the rag_search tool. RAG also has a model, which
// records what it is asked, so a rerank that went to the model instead would show.

let folder: TemporaryDirectory;
let runtime: Runtime | undefined;
let prompts: string[];
let answers: string[];

/** The model RAG falls back on (listwise rerank): it answers `answers` in turn and keeps the prompts. */
const recordingModel: RagModel = {
  async complete(prompt) {
    prompts.push(prompt);
    return { output: answers.shift() ?? '1' };
  },
};

beforeEach(async () => {
  folder = await createTemporaryDirectory('orkeon-rag-onnx-runtime-');
  prompts = [];
  answers = [];
  // This model knows the answer is the octopus, whatever words the passage uses for hearts.
  await writeTinyCrossEncoder(join(folder.path, 'models', 'tiny-cross-encoder'), {
    weights: { octopus: 4, hearts: 0 },
  });
});
afterEach(async () => {
  await runtime?.dispose();
  runtime = undefined;
  await folder.remove();
});

const sections = [...coreSettingsSections, ragSettings, onnxRerankerSettings];

async function ragRuntime(rag: SettingsTree, register?: (services: ServiceCollection) => void): Promise<Runtime> {
  const configuration = Configuration.fromObject({ Svc: { Rag: rag } }, sections);
  const services = new ServiceCollection().addInstance(EmbeddingProviderService, wordEmbeddings);
  register?.(services);
  addSvcRagTools(addSvcRag(services, configuration, { model: recordingModel }));
  addSvcOnnxReranker(services, configuration, { baseDirectory: folder.path });
  runtime = await createRuntime({
    services,
    configuration,
    logger: captureLogger().logger,
    mounts: [{ physical: folder.path, virtual: '/output', rights: 'rw' }],
  });
  const report = await runtime.services.get(RagService).ingest({
    collection: 'animals',
    sources: [
      {
        kind: 'inline',
        id: 'quiz',
        location: 'Which animal has three hearts? Which animal has the most hearts? A quiz.',
      },
      { kind: 'inline', id: 'octopus', location: 'The octopus pumps blue blood with a trio of cardiac organs.' },
      { kind: 'inline', id: 'owl', location: 'Owls turn their heads far and hunt at night.' },
    ],
  });
  expect(report.sources.map((source) => source.status)).toEqual(['added', 'added', 'added']);
  return runtime;
}

const question = 'Which animal has three hearts?';

describe('the ONNX reranker in a runtime', () => {
  it('balanced: the passages follow the cross-encoder, not the vector order, and the trace says onnx', async () => {
    const rt = await ragRuntime({ Profile: 'balanced', OnnxReranker: { ModelDirectory: 'models/tiny-cross-encoder' } });
    const rag = rt.services.get(RagService);
    const byVectors = await rag.retrieve({ text: question, collection: 'animals', profile: 'fast' });
    expect(byVectors.passages[0]?.sourceId).toBe('quiz');
    expect(byVectors.trace.find((step) => step.stage === 'rerank')?.detail).toEqual({ kind: 'none' });

    const reranked = await rag.retrieve({ text: question, collection: 'animals' });
    expect(reranked.passages.map((passage) => passage.sourceId)).toEqual(['octopus', 'quiz', 'owl']);
    expect(reranked.passages[0]?.score).toBeCloseTo(expectedRelevance(4), 5);
    expect(reranked.passages[1]?.score).toBeCloseTo(expectedRelevance(0), 5);
    expect(reranked.trace.find((step) => step.stage === 'retrieve')?.detail).toMatchObject({ hybrid: true });
    expect(reranked.trace.find((step) => step.stage === 'rerank')?.detail).toEqual({ kind: 'onnx', from: 3, to: 3 });
    // The runtime's model was not asked to order anything.
    expect(prompts).toEqual([]);
  });

  it('rag_search answers the passages in the cross-encoder’s order', async () => {
    const rt = await ragRuntime({ Profile: 'balanced', OnnxReranker: { ModelDirectory: 'models/tiny-cross-encoder' } });
    const found = await rt.pipeline.invoke({
      tool: 'rag_search',
      input: { question, collection: 'animals', top_k: 2 },
      caller: { kind: 'host' },
    });
    expect(found.outcome).toBe('Success');
    expect(found.output).toMatch(
      /^2 passage\(s\) from the collection 'animals':\n\n\[1\] octopus \(characters 0–59\)\n/,
    );
    expect(found.output).toContain('[2] quiz');
    expect(prompts).toEqual([]);
  });

  it('quality reranks with it too; Rerank:TopN bounds what it keeps', async () => {
    const rt = await ragRuntime({
      Profile: 'quality',
      Rerank: { TopN: 1 },
      OnnxReranker: { ModelDirectory: 'models/tiny-cross-encoder', BatchSize: 1 },
    });
    const found = await rt.services.get(RagService).retrieve({ text: question, collection: 'animals' });
    expect(found.passages.map((passage) => passage.sourceId)).toEqual(['octopus']);
    expect(found.trace.find((step) => step.stage === 'rerank')?.detail).toEqual({ kind: 'onnx', from: 3, to: 1 });
  });

  it('a folder that is not there fails the first query, naming the path and the fix', async () => {
    const rt = await ragRuntime({ Profile: 'balanced', OnnxReranker: { ModelDirectory: 'models/absent' } });
    const missing = join(folder.path, 'models', 'absent');
    await expect(rt.services.get(RagService).retrieve({ text: question, collection: 'animals' })).rejects.toMatchObject(
      {
        code: 'RAG_ONNX_MODEL_FOLDER_INVALID',
        message: expect.stringContaining(`'${missing}' (Svc:Rag:OnnxReranker:ModelDirectory) does not exist`),
      },
    );
    const tool = await rt.pipeline.invoke({
      tool: 'rag_search',
      input: { question, collection: 'animals' },
      caller: { kind: 'host' },
    });
    expect(tool.outcome).not.toBe('Success');
    expect(tool.output).toContain('optimum-cli export onnx --model cross-encoder/ms-marco-MiniLM-L-6-v2');
  });

  it('without ModelDirectory registers nothing: balanced fails at its first query, naming both ways out', async () => {
    const rt = await ragRuntime({ Profile: 'balanced' });
    expect(rt.services.tryGet(RagRerankerService)).toBeUndefined();
    await expect(rt.services.get(RagService).retrieve({ text: question, collection: 'animals' })).rejects.toMatchObject(
      {
        code: 'RAG_PROFILE_UNAVAILABLE',
        message: expect.stringContaining(
          "Svc:Rag:Profile 'balanced' needs the cross-encoder reranker, and none is registered: install @orkeon/rag-onnx and set Svc:Rag:OnnxReranker:ModelDirectory",
        ),
      },
    );
    expect(prompts).toHaveLength(0);
  });

  it('Rerank:Kind llm, a per-key override, lets balanced rerank with the model instead', async () => {
    const rt = await ragRuntime({ Profile: 'balanced', Rerank: { Kind: 'llm' } });
    answers.push('2, 3, 1');
    const found = await rt.services.get(RagService).retrieve({ text: question, collection: 'animals' });
    expect(found.trace.find((step) => step.stage === 'rerank')?.detail).toMatchObject({ kind: 'llm' });
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('Answer only with the numbers of the passages');
  });

  it('keeps a reranker the host registered (tryAdd)', async () => {
    const own: RagReranker = { kind: 'host-own', rerank: async (_, candidates, keep) => candidates.slice(0, keep) };
    const rt = await ragRuntime(
      { Profile: 'balanced', OnnxReranker: { ModelDirectory: 'models/tiny-cross-encoder' } },
      (services) => services.addInstance(RagRerankerService, own),
    );
    expect(rt.services.get(RagRerankerService)).toBe(own);
    const found = await rt.services.get(RagService).retrieve({ text: question, collection: 'animals' });
    expect(found.trace.find((step) => step.stage === 'rerank')?.detail).toMatchObject({ kind: 'host-own' });
  });

  it('registers an OnnxCrossEncoderReranker on the folder, relative to baseDirectory, with the settings', async () => {
    const rt = await ragRuntime({
      OnnxReranker: { ModelDirectory: 'models/tiny-cross-encoder', MaxLength: 64, Threads: 1 },
    });
    const reranker = rt.services.get(RagRerankerService);
    expect(reranker).toBeInstanceOf(OnnxCrossEncoderReranker);
    const info = await (reranker as OnnxCrossEncoderReranker).load();
    expect(info).toMatchObject({
      modelFile: join(folder.path, 'models', 'tiny-cross-encoder', 'model.onnx'),
      maxLength: 64,
      inputs: ['input_ids', 'attention_mask', 'token_type_ids'],
    });
  });
});

describe('Svc:Rag:OnnxReranker', () => {
  it('has the documented defaults', () => {
    const settings = Configuration.fromObject({}, sections).get(onnxRerankerSettings);
    expect(settings).toEqual({ MaxLength: 512, BatchSize: 16 });
  });

  it.each<[SettingsTree, RegExp]>([
    [{ MaxLength: 4 }, /Svc:Rag:OnnxReranker:MaxLength/],
    [{ BatchSize: 0 }, /Svc:Rag:OnnxReranker:BatchSize/],
    [{ Threads: 1.5 }, /Svc:Rag:OnnxReranker:Threads/],
    [{ ModelDirectory: '  ' }, /Svc:Rag:OnnxReranker:ModelDirectory/],
    [{ ModelPath: 'models/x' }, /Unknown setting 'Svc:Rag:OnnxReranker:ModelPath'/],
  ])('refuses %j at start, naming the key', (section, key) => {
    const build = () => Configuration.fromObject({ Svc: { Rag: { OnnxReranker: section } } }, sections);
    expect(build).toThrow(ConfigurationError);
    expect(build).toThrow(key);
  });
});
