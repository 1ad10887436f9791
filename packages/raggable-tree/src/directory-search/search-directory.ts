import type { EmbeddingProvider, FileSystem } from '@orkeon/core';
import { chunkText } from '@orkeon/rag';
import { ExcludePatterns, globRegex } from '../discovery/exclude-patterns.js';
import { walkFolder } from '../discovery/walk-folder.js';
import { reciprocalRankFusion } from '../search/reciprocal-rank-fusion.js';
import { cosine } from '../search/vectors.js';
import { WordScorer } from '../search/word-scorer.js';

export interface DirectorySearchRequest {
  /** The caller's view of the file system: the agent's, inside a tool call. */
  readonly files: FileSystem;
  readonly directory: string;
  readonly query: string;
  readonly topK: number;
  /** A glob on file names (`*.md`) or on paths from the folder (`src/**\/*.ts`). */
  readonly pattern?: string | undefined;
  readonly exclude: readonly string[];
  readonly maxFileBytes: number;
  readonly embeddings?: EmbeddingProvider | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface DirectoryPassage {
  readonly path: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly text: string;
  readonly score: number;
}

export interface DirectorySearchResult {
  readonly passages: readonly DirectoryPassage[];
  readonly filesRead: number;
  readonly chunks: number;
  /** Files left out: binary, larger than the limit, or beyond the most files one search reads. */
  readonly skipped: number;
  readonly mode: 'hybrid' | 'words';
  readonly note?: string;
}

/** Bounds of one ephemeral search, so a large folder costs seconds, not minutes. */
const maximumFiles = 2000;
const maximumCharacters = 20_000_000;
/** Chunks embedded per search: all of them up to this, else the best by words. */
const maximumEmbedded = 400;
const embedBatch = 64;
const candidateCount = 50;
const chunkSize = 1200;
const chunkOverlap = 150;

interface Chunk {
  readonly path: string;
  readonly text: string;
  readonly startLine: number;
  readonly endLine: number;
}

/**
 * Ephemeral RAG over one folder: reads its text files through the virtual file system,
 * cuts them with `chunkText` (recursive, 1,200 characters), scores the chunks by words
 * (BM25) and, with an embedding provider, by vector, fused by reciprocal rank. Nothing is
 * kept: each call reads the folder as it is.
 */
export async function searchDirectory(request: DirectorySearchRequest): Promise<DirectorySearchResult> {
  const matches = patternMatcher(request.pattern);
  const found: string[] = [];
  let skipped = 0;
  await walkFolder(request.files, request.directory, {
    exclude: new ExcludePatterns(request.exclude),
    signal: request.signal,
    visit: (entry, relative) => {
      if (!matches(relative)) return true;
      if (entry.size > request.maxFileBytes || found.length >= maximumFiles) skipped++;
      else found.push(entry.path);
      return true;
    },
  });
  const chunks: Chunk[] = [];
  let characters = 0;
  let filesRead = 0;
  for (const path of found.sort()) {
    request.signal?.throwIfAborted();
    const read = await request.files.readBytes(path);
    const text = read.ok ? textOf(read.value) : undefined;
    if (text === undefined || characters + text.length > maximumCharacters) {
      skipped++;
      continue;
    }
    characters += text.length;
    filesRead++;
    for (const chunk of await chunkText(text, 'recursive', { size: chunkSize, overlap: chunkOverlap }))
      chunks.push({
        path,
        text: chunk.text,
        startLine: lineAt(text, chunk.start),
        endLine: lineAt(text, Math.max(chunk.start, chunk.end - 1)),
      });
  }
  const words = new WordScorer();
  for (const chunk of chunks) words.add([{ text: chunk.text, weight: 1 }]);
  const byWords = words.search(request.query);
  const vectors = await vectorRanking(
    request,
    chunks,
    byWords.map((hit) => hit.id),
  );
  const base = { filesRead, chunks: chunks.length, skipped };
  if (vectors.ranking === undefined) {
    return {
      ...base,
      passages: byWords.slice(0, request.topK).map((hit) => passageOf(chunks[hit.id] as Chunk, hit.score)),
      mode: 'words',
      ...(vectors.note === undefined ? {} : { note: vectors.note }),
    };
  }
  const fused = reciprocalRankFusion([byWords.slice(0, candidateCount).map((hit) => hit.id), vectors.ranking]);
  return {
    ...base,
    passages: fused.slice(0, request.topK).map((hit) => passageOf(chunks[hit.id] as Chunk, hit.score)),
    mode: 'hybrid',
    ...(vectors.note === undefined ? {} : { note: vectors.note }),
  };
}

async function vectorRanking(
  request: DirectorySearchRequest,
  chunks: readonly Chunk[],
  wordOrder: readonly number[],
): Promise<{ ranking?: number[]; note?: string }> {
  const provider = request.embeddings;
  if (provider === undefined || chunks.length === 0) return {};
  // Past the bound, the chunks the words liked best are embedded (the others are not vector candidates).
  const chosen =
    chunks.length <= maximumEmbedded ? chunks.map((_, index) => index) : [...wordOrder.slice(0, maximumEmbedded)];
  const note =
    chunks.length <= maximumEmbedded
      ? undefined
      : `${chunks.length} chunks: only the ${chosen.length} best by words were compared by vector`;
  try {
    const options = request.signal === undefined ? {} : { signal: request.signal };
    const [queryVector] = await provider.embed([request.query], options);
    if (queryVector === undefined || chosen.length === 0) return note === undefined ? {} : { note };
    const scored: { id: number; score: number }[] = [];
    for (let start = 0; start < chosen.length; start += embedBatch) {
      const ids = chosen.slice(start, start + embedBatch);
      const vectors = await provider.embed(
        ids.map((id) => (chunks[id] as Chunk).text),
        options,
      );
      for (const [index, id] of ids.entries()) {
        const score = cosine(queryVector, vectors[index] ?? []);
        if (score > 0) scored.push({ id, score });
      }
    }
    scored.sort((a, b) => b.score - a.score || a.id - b.id);
    return {
      ranking: scored.slice(0, candidateCount).map((entry) => entry.id),
      ...(note === undefined ? {} : { note }),
    };
  } catch (error) {
    request.signal?.throwIfAborted();
    return { note: `vectors not used: the embedding provider failed (${(error as Error).message})` };
  }
}

function patternMatcher(pattern: string | undefined): (relative: string) => boolean {
  if (pattern === undefined || pattern.trim() === '') return () => true;
  const regex = globRegex(pattern.trim().replace(/^\/+/, ''));
  return pattern.includes('/')
    ? (relative) => regex.test(relative)
    : (relative) => regex.test(relative.slice(relative.lastIndexOf('/') + 1));
}

/** UTF-8 text, or undefined for a binary file (a NUL byte in its first 8 KiB). */
function textOf(bytes: Buffer): string | undefined {
  return bytes.subarray(0, 8192).includes(0) ? undefined : bytes.toString('utf8');
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++;
  return line;
}

function passageOf(chunk: Chunk, score: number): DirectoryPassage {
  return { path: chunk.path, startLine: chunk.startLine, endLine: chunk.endLine, text: chunk.text, score };
}
