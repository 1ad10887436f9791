import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  Configuration,
  coreSettingsSections,
  createAiSdkEmbeddingProvider,
  createRuntime,
  EmbeddingProviderService,
  type Runtime,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import {
  captureLogger,
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import type { EvaluationQuestion } from '../../src/evaluation/evaluation-dataset.js';
import { addSvcRag, addSvcRagTools, ragSettings } from '../../src/index.js';

// A real runtime for the evaluation, built as rag-runtime.test.ts builds one: vectors from the
// scripted model server's embeddings route (word-hash vectors, over HTTP), chunks in the
// runtime's memory store, files on mounts, and rag_eval as addSvcRag registers it.

export const documents = {
  'guide.md': `# Orkeon guide

## Install

Run npm install orkeon in your project. Orkeon needs Node 22 or later.

## Mounts

A mount maps a folder of the machine to a virtual path with rights: ro for reading, rw for writing.
`,
  'octopus.md': `# Octopuses

Octopuses have three hearts and blue blood. They can change the colour of their skin in a fraction of a second.
`,
  'owl.md': `# Owls

Owls turn their heads far around and hunt mice at night, flying without a sound.
`,
} as const;

/**
 * Questions whose relevant sources are known. The scripted embeddings are word-hash vectors,
 * so what the fast profile retrieves (k = 5) was observed once and the tests assert it exactly:
 *   node   → guide.md#0 (Install), guide.md#1 (Mounts), octopus.md#0
 *   mounts → guide.md#1, octopus.md#0, owl.md#0
 *   hearts → owl.md#0, octopus.md#0 (a hash collision puts the owls first)
 *   owls   → owl.md#0, guide.md#1, guide.md#0, octopus.md#0 (faq.md was never ingested)
 */
export const evaluationQuestions: EvaluationQuestion[] = [
  { id: 'node', question: 'Which Node version does Orkeon need to install?', relevant: ['/docs/guide.md'] },
  { id: 'mounts', question: 'What rights does a mount of a folder give?', relevant: ['/docs/guide.md#1'] },
  { id: 'hearts', question: 'How many hearts do octopuses have?', relevant: ['/docs/octopus.md'] },
  {
    id: 'owls',
    question: 'When do owls hunt mice?',
    relevant: ['/docs/owl.md', '/docs/guide.md#0', '/docs/faq.md'],
  },
];

export interface EvaluationRuntime extends AsyncDisposable {
  readonly runtime: Runtime;
  readonly server: ScriptedModelServer;
  readonly folder: TemporaryDirectory;
  /** Writes a file under the `/eval` mount (read-only for the runtime). */
  writeDataset(name: string, text: string): Promise<string>;
}

/** The runtime, with the documents on `/docs`, datasets on `/eval`, and every document ingested into `docs`. */
export async function startEvaluationRuntime(settings: SettingsTree = {}): Promise<EvaluationRuntime> {
  const folder = await createTemporaryDirectory('orkeon-rag-evaluation-');
  const server = await startScriptedModelServer();
  for (const name of ['docs', 'out', 'eval']) await mkdir(join(folder.path, name));
  for (const [name, text] of Object.entries(documents)) await writeFile(join(folder.path, 'docs', name), text);

  const configuration = Configuration.fromObject({ Svc: { Rag: settings } }, [...coreSettingsSections, ragSettings]);
  const services = new ServiceCollection();
  const embeddings = createOpenAICompatible({ name: 'scripted', baseURL: server.openAiBaseUrl });
  services.addInstance(EmbeddingProviderService, createAiSdkEmbeddingProvider(embeddings.embeddingModel('words')));
  addSvcRagTools(addSvcRag(services, configuration));
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true });
  const runtime = await createRuntime({
    services,
    configuration,
    logger: captureLogger().logger,
    model: { provider: 'openai', modelId: 'scripted', model: provider.chatModel('scripted'), supportsStreaming: true },
    mounts: [
      { physical: join(folder.path, 'docs'), virtual: '/docs', rights: 'ro' },
      { physical: join(folder.path, 'eval'), virtual: '/eval', rights: 'ro' },
      { physical: join(folder.path, 'out'), virtual: '/output', rights: 'rw' },
    ],
  });
  const ingested = await runtime.pipeline.invoke({
    tool: 'rag_ingest',
    input: {
      collection: 'docs',
      sources: Object.keys(documents).map((name) => `/docs/${name}`),
      chunking_strategy: 'structural',
    },
    caller: { kind: 'host' },
  });
  if (ingested.outcome !== 'Success') throw new Error(`the documents were not ingested: ${ingested.output}`);
  return {
    runtime,
    server,
    folder,
    async writeDataset(name, text) {
      await writeFile(join(folder.path, 'eval', name), text);
      return `/eval/${name}`;
    },
    async [Symbol.asyncDispose]() {
      await runtime.dispose();
      await server.close();
      await folder.remove();
    },
  };
}
