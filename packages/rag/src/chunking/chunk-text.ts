import { type ChunkingStrategy, chunkingStrategies, type TextChunk } from './chunk.js';
import { recursiveChunks } from './recursive-chunker.js';
import { type SemanticChunkingOptions, semanticChunks } from './semantic-chunker.js';
import { sentenceChunks } from './sentence-chunker.js';
import { structuralChunks } from './structural-chunker.js';

/** Chunks `text` with the given strategy; throws a plain Error for invalid options or an unknown strategy. */
export async function chunkText(
  text: string,
  strategy: ChunkingStrategy,
  options: SemanticChunkingOptions = {},
): Promise<TextChunk[]> {
  switch (strategy) {
    case 'recursive':
      return recursiveChunks(text, options);
    case 'sentence':
      return sentenceChunks(text, options);
    case 'structural':
      return structuralChunks(text, options);
    case 'semantic':
      return semanticChunks(text, options);
    default:
      // Reached only from untyped callers (configuration files, say).
      throw new Error(
        `Unknown chunking strategy '${String(strategy)}': give one of ${chunkingStrategies.map((name) => `'${name}'`).join(', ')}.`,
      );
  }
}
