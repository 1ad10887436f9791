import { join } from 'node:path';
import {
  Configuration,
  coreSettingsSections,
  createRuntime,
  EmbeddingProviderService,
  LocalEmbeddingProviderService,
  OrkeonError,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AddSvcLocalEmbeddingsOptions,
  addSvcLocalEmbeddings,
  type LocalEmbeddingsSettings,
  localEmbeddingsSettings,
  UniversalSentenceEncoderProvider,
} from '../src/index.js';
import { expectedMeanVector, writeTinySentenceModel } from './support/tiny-sentence-model.js';

const folders: TemporaryDirectory[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await folder.remove();
});

function configurationOf(settings: SettingsTree): Configuration {
  return Configuration.fromObject(settings, [...coreSettingsSections, localEmbeddingsSettings]);
}

/** Settings → addSvcLocalEmbeddings → createRuntime, as a host starts. */
async function runtimeWith(settings: SettingsTree, options: AddSvcLocalEmbeddingsOptions = {}) {
  const configuration = configurationOf(settings);
  const services = addSvcLocalEmbeddings(new ServiceCollection(), configuration, options);
  return createRuntime({ services, configuration, logger: captureLogger().logger });
}

async function tinyModelIn(): Promise<string> {
  const folder = await createTemporaryDirectory('orkeon-local-embeddings-');
  folders.push(folder);
  await writeTinySentenceModel(join(folder.path, 'models', 'tiny'));
  return folder.path;
}

function refusal(make: () => unknown): OrkeonError {
  try {
    make();
  } catch (error) {
    if (OrkeonError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('addSvcLocalEmbeddings', () => {
  it('makes an ONNX folder named in the settings the runtime’s embedding provider', async () => {
    const base = await tinyModelIn();
    await using runtime = await runtimeWith(
      { Svc: { Embeddings: { Local: { Model: 'onnx', ModelPath: 'models/tiny', Pooling: 'mean' } } } },
      { baseDirectory: base },
    );
    const embeddings = runtime.services.get(EmbeddingProviderService);
    expect(embeddings).toBe(runtime.services.get(LocalEmbeddingProviderService));
    expect(embeddings.model).toBe('onnx:tiny');
    const [vector] = await embeddings.embed(['cats purr']);
    expectedMeanVector(['cats', 'purr'], true).forEach((value, index) => {
      expect(vector?.[index]).toBeCloseTo(value, 6);
    });
  });

  it('without settings, gives the bundled English model, and local_embed_text through the tool pipeline', async () => {
    const services = addSvcLocalEmbeddings(new ServiceCollection());
    await using runtime = await createRuntime({ services, logger: captureLogger().logger });
    const embeddings = runtime.services.get(EmbeddingProviderService);
    expect(embeddings).toBeInstanceOf(UniversalSentenceEncoderProvider);
    const result = await runtime.pipeline.invoke({
      tool: 'local_embed_text',
      input: { text: 'The cat sits on the mat.' },
      caller: { kind: 'agent', agentId: 'scout' },
    });
    expect(result.outcome).toBe('Success');
    const answer = JSON.parse(result.output) as { model: string; dimensions: number; embedding: number[] };
    expect(answer).toMatchObject({ model: 'universal-sentence-encoder-lite', dimensions: 512 });
    const [direct] = await embeddings.embed(['The cat sits on the mat.']);
    answer.embedding.forEach((value, index) => {
      expect(Math.abs(value - (direct?.[index] ?? Number.NaN))).toBeLessThanOrEqual(5e-7);
    });
    expect(runtime.tools.get('local_embed_text')?.access).toBe('Read');
  });

  it('refuses an empty text through the pipeline, naming the field', async () => {
    const services = addSvcLocalEmbeddings(new ServiceCollection());
    await using runtime = await createRuntime({ services, logger: captureLogger().logger });
    const result = await runtime.pipeline.invoke({
      tool: 'local_embed_text',
      input: { text: '' },
      caller: { kind: 'agent', agentId: 'scout' },
    });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('text');
  });

  it('adds the tool once when called twice, and keeps a local provider the host registered', async () => {
    const own = { model: 'host-local', embed: async (texts: readonly string[]) => texts.map(() => [1]) };
    const services = new ServiceCollection().addInstance(LocalEmbeddingProviderService, own);
    addSvcLocalEmbeddings(services);
    addSvcLocalEmbeddings(services);
    await using runtime = await createRuntime({ services, logger: captureLogger().logger });
    expect(runtime.services.get(EmbeddingProviderService)).toBe(own);
    const result = await runtime.pipeline.invoke({
      tool: 'local_embed_text',
      input: { text: 'x' },
      caller: { kind: 'host' },
    });
    expect(JSON.parse(result.output)).toEqual({ model: 'host-local', dimensions: 1, embedding: [1] });
  });

  it.each([
    [{ Model: 'onnx' }, "Setting 'Svc:Embeddings:Local:ModelPath' is required with Model onnx"],
    [{ ModelPath: 'models/x' }, 'is read only with Model onnx, and Model is universal-sentence-encoder'],
    [{ BatchSize: 0 }, 'Svc:Embeddings:Local:BatchSize'],
    [{ Pooling: 'max' }, 'Svc:Embeddings:Local:Pooling'],
    [{ Model: 'bge' }, 'Svc:Embeddings:Local:Model'],
    [{ Modell: 'onnx' }, 'Modell'],
  ])('refuses the start for the settings %j', (local, message) => {
    const error = refusal(() =>
      addSvcLocalEmbeddings(new ServiceCollection(), configurationOf({ Svc: { Embeddings: { Local: local } } })),
    );
    expect(error.code).toBe('CONFIGURATION_INVALID');
    expect(error.message).toContain(message);
  });

  it('refuses the start when the ONNX folder is missing, before anything loads', async () => {
    const base = await tinyModelIn();
    const error = refusal(() =>
      addSvcLocalEmbeddings(
        new ServiceCollection(),
        configurationOf({ Svc: { Embeddings: { Local: { Model: 'onnx', ModelPath: 'models/absent' } } } }),
        { baseDirectory: base },
      ),
    );
    expect(error.code).toBe('LOCAL_EMBEDDINGS_MODEL_FOLDER_INVALID');
    expect(error.message).toContain(join(base, 'models', 'absent'));
  });

  it('types what users import', () => {
    expectTypeOf(addSvcLocalEmbeddings).parameters.toEqualTypeOf<
      [ServiceCollection, (Configuration | undefined)?, (AddSvcLocalEmbeddingsOptions | undefined)?]
    >();
    expectTypeOf(addSvcLocalEmbeddings).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf<LocalEmbeddingsSettings['Model']>().toEqualTypeOf<'universal-sentence-encoder' | 'onnx'>();
    expectTypeOf<LocalEmbeddingsSettings['Pooling']>().toEqualTypeOf<'mean' | 'cls'>();
    expectTypeOf<LocalEmbeddingsSettings['ModelPath']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<LocalEmbeddingsSettings['Normalize']>().toEqualTypeOf<boolean>();
    expectTypeOf<LocalEmbeddingsSettings['BatchSize']>().toEqualTypeOf<number>();
  });
});
