import type { EmbeddingProvider } from '@orkeon/core';
import { symbolSummary } from '../search/symbol-summary.js';
import { encodeVector } from '../search/vectors.js';
import type { EmbeddingProfile, IndexedSourceFile } from './code-index.js';

/** Texts sent to the embedding provider in one call. */
const batchSize = 64;

export interface EmbeddedFiles {
  readonly files: IndexedSourceFile[];
  readonly profile?: EmbeddingProfile;
  /** Symbols embedded now. */
  readonly count: number;
  readonly problem?: string;
}

/**
 * Phase 5, embed: gives every symbol summary without a vector one. Vectors of another
 * model are dropped and made again; without a provider no vector is kept. A provider that
 * fails leaves the files it did not reach without vectors (searched by words), and says why.
 */
export async function embedSymbols(
  files: readonly IndexedSourceFile[],
  previous: EmbeddingProfile | undefined,
  provider: EmbeddingProvider | undefined,
  signal?: AbortSignal,
): Promise<EmbeddedFiles> {
  if (provider === undefined) return { files: files.map(withoutVectors), count: 0 };
  const sameModel = previous?.model === provider.model;
  const result = files.map((file) => (sameModel ? file : withoutVectors(file)));
  const waiting = result
    .map((file, index) => ({ file, index }))
    .filter(({ file }) => file.vectors === undefined && file.symbols.length > 0);
  let dimensions = sameModel ? previous?.dimensions : undefined;
  let count = 0;
  let problem: string | undefined;
  // Whole files per call, so that a file has all its vectors or none.
  for (let start = 0; start < waiting.length && problem === undefined; ) {
    const group: typeof waiting = [];
    let texts = 0;
    while (
      start < waiting.length &&
      (group.length === 0 || texts + (waiting[start]?.file.symbols.length ?? 0) <= batchSize)
    ) {
      const entry = waiting[start++] as (typeof waiting)[number];
      group.push(entry);
      texts += entry.file.symbols.length;
    }
    const summaries = group.flatMap(({ file }) => file.symbols.map((symbol) => symbolSummary(symbol, file.path)));
    try {
      const vectors = await embedInBatches(provider, summaries, signal);
      let offset = 0;
      for (const { file, index } of group) {
        const own = vectors.slice(offset, offset + file.symbols.length);
        offset += file.symbols.length;
        result[index] = { ...file, vectors: own.map(encodeVector) };
      }
      dimensions ??= vectors[0]?.length;
      count += summaries.length;
    } catch (error) {
      signal?.throwIfAborted();
      problem = `the embedding provider ${provider.model} failed (${(error as Error).message}); searches use words only for the symbols it did not embed`;
    }
  }
  const profile = dimensions === undefined ? undefined : { model: provider.model, dimensions };
  return {
    files: result,
    ...(profile === undefined ? {} : { profile }),
    count,
    ...(problem === undefined ? {} : { problem }),
  };
}

async function embedInBatches(provider: EmbeddingProvider, texts: readonly string[], signal?: AbortSignal) {
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    const batch = texts.slice(start, start + batchSize);
    const answer = await provider.embed(batch, signal === undefined ? {} : { signal });
    if (answer.length !== batch.length)
      throw new Error(`it answered ${answer.length} vector(s) for ${batch.length} text(s)`);
    vectors.push(...answer);
  }
  return vectors;
}

function withoutVectors(file: IndexedSourceFile): IndexedSourceFile {
  if (file.vectors === undefined) return file;
  const { vectors: _, ...rest } = file;
  return rest;
}
