import { describe, expect, it } from 'vitest';
import type { ChunkingStrategy } from '../../src/chunking/chunk.js';
import { chunkText } from '../../src/chunking/chunk-text.js';
import { recursiveChunks } from '../../src/chunking/recursive-chunker.js';
import { sentenceChunks } from '../../src/chunking/sentence-chunker.js';
import { structuralChunks } from '../../src/chunking/structural-chunker.js';
import { prose } from './sample-texts.js';

const markdown = `# Title\n\n${prose}\n\n## Part\n\n${prose}`;

describe('chunkText', () => {
  it('dispatches each strategy to its chunker', async () => {
    const options = { size: 150, overlap: 30 };
    expect(await chunkText(markdown, 'recursive', options)).toEqual(recursiveChunks(markdown, options));
    expect(await chunkText(markdown, 'sentence', options)).toEqual(sentenceChunks(markdown, options));
    expect(await chunkText(markdown, 'structural', options)).toEqual(structuralChunks(markdown, options));
    expect(await chunkText(markdown, 'semantic', options)).toEqual(structuralChunks(markdown, options));
    expect(await chunkText(markdown, 'recursive', options)).not.toEqual(structuralChunks(markdown, options));
  });

  it('uses the embedder for the semantic strategy', async () => {
    const embeddedTexts: string[] = [];
    const embed = async (texts: readonly string[]) => {
      embeddedTexts.push(...texts);
      return texts.map(() => [1, 0]);
    };
    const chunks = await chunkText('One sentence. Another sentence.', 'semantic', { embed });
    expect(embeddedTexts).toEqual(['One sentence.', 'Another sentence.']);
    expect(chunks).toEqual([{ text: 'One sentence. Another sentence.', start: 0, end: 31 }]);
  });

  it('shrinks the default overlap when only a small size is given', async () => {
    const chunks = await chunkText(prose, 'recursive', { size: 100 });
    expect(chunks).toEqual(recursiveChunks(prose, { size: 100, overlap: 20 }));
  });

  it.each([
    [
      { size: 1000, overlap: 1200 },
      'Chunk overlap 1200 is not less than the chunk size 1000: give an overlap below the size.',
    ],
    [{ size: 100 }, undefined],
    [
      { size: 100, overlap: 100 },
      'Chunk overlap 100 is not less than the chunk size 100: give an overlap below the size.',
    ],
    [{ size: 300 }, undefined],
    [{ overlap: 1000 }, 'Chunk overlap 1000 is not less than the chunk size 1000: give an overlap below the size.'],
    [
      { size: 49 },
      'Chunk size 49 is not a whole number of at least 50 characters: give an integer size of 50 or more (default 1000).',
    ],
    [
      { size: 100.5 },
      'Chunk size 100.5 is not a whole number of at least 50 characters: give an integer size of 50 or more (default 1000).',
    ],
    [
      { size: Number.NaN },
      'Chunk size NaN is not a whole number of at least 50 characters: give an integer size of 50 or more (default 1000).',
    ],
    [
      { overlap: -1 },
      'Chunk overlap -1 is not a whole number of 0 or more characters: give an integer overlap, 0 for none (default 200).',
    ],
    [
      { overlap: 2.5 },
      'Chunk overlap 2.5 is not a whole number of 0 or more characters: give an integer overlap, 0 for none (default 200).',
    ],
  ])('validates the options %o', async (options, message) => {
    for (const strategy of ['recursive', 'sentence', 'structural', 'semantic'] as const) {
      if (message === undefined) await expect(chunkText(prose, strategy, options)).resolves.not.toHaveLength(0);
      else await expect(chunkText(prose, strategy, options)).rejects.toThrow(message);
    }
  });

  it('validates the options even for empty text, and in the chunkers called directly', async () => {
    await expect(chunkText('', 'recursive', { size: 10 })).rejects.toThrow('Chunk size 10 is not a whole number');
    expect(() => recursiveChunks('', { overlap: -5 })).toThrow('Chunk overlap -5 is not a whole number');
    expect(() => sentenceChunks('text', { size: 60, overlap: 60 })).toThrow('Chunk overlap 60 is not less than');
    expect(() => structuralChunks('text', { size: 0 })).toThrow('Chunk size 0 is not a whole number');
  });

  it('rejects an unknown strategy, naming the known ones', async () => {
    await expect(chunkText(prose, 'paragraph' as ChunkingStrategy)).rejects.toThrow(
      "Unknown chunking strategy 'paragraph': give one of 'recursive', 'sentence', 'structural', 'semantic'.",
    );
  });
});
