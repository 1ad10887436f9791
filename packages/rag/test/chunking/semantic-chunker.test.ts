import { describe, expect, it } from 'vitest';
import { semanticChunks } from '../../src/chunking/semantic-chunker.js';
import { structuralChunks } from '../../src/chunking/structural-chunker.js';
import { expectValidChunks } from './chunk-expectations.js';

/** A deterministic embedder: how often each word of a fixed vocabulary occurs in the text. */
const vocabulary = ['cat', 'dog', 'pet', 'fur', 'vet', 'stock', 'market', 'price', 'trade', 'bond'];

function countVocabulary(text: string): number[] {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return vocabulary.map((term) => words.filter((word) => word === term).length);
}

function recordingEmbedder() {
  const calls: string[][] = [];
  const embed = async (texts: readonly string[]) => {
    calls.push([...texts]);
    return texts.map(countVocabulary);
  };
  return { calls, embed };
}

// Three sentences a topic: of the five similarities between neighbours, the 25th percentile is the second lowest,
// so only the lowest, between the topics, falls below it.
const pets = [
  'My cat sleeps on the dog bed.',
  'The dog and the cat share one pet bowl.',
  'Brushing fur keeps a pet dog calm.',
];
const markets = [
  'The stock market opened with a price jump.',
  'Traders watched the bond price and the stock price.',
  'The bond market and the stock trade moved together.',
];
const petsThenMarkets = [...pets, ...markets].join(' ');

describe('semanticChunks', () => {
  it('starts a new chunk where the topic changes', async () => {
    const { calls, embed } = recordingEmbedder();
    const chunks = await semanticChunks(petsThenMarkets, { size: 1000, embed });
    expect(chunks.map((chunk) => chunk.text)).toEqual([pets.join(' '), markets.join(' ')]);
    expectValidChunks(petsThenMarkets, chunks, 1000);
    expect(calls).toEqual([[...pets, ...markets]]);
  });

  it('breaks at every return to a topic, even when the lowest similarities tie', async () => {
    const { embed } = recordingEmbedder();
    const text = [pets[0], pets[1], markets[0], markets[1], pets[1], pets[2]].join(' ');
    const chunks = await semanticChunks(text, { size: 1000, embed });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      `${pets[0]} ${pets[1]}`,
      `${markets[0]} ${markets[1]}`,
      `${pets[1]} ${pets[2]}`,
    ]);
  });

  it('keeps a text on one topic throughout in one chunk', async () => {
    const { embed } = recordingEmbedder();
    const text = 'A cat. A cat again. Still a cat. One more cat.';
    expect((await semanticChunks(text, { size: 1000, embed })).map((chunk) => chunk.text)).toEqual([text]);
  });

  it('also starts a new chunk where the next sentence would not fit in the size', async () => {
    const { embed } = recordingEmbedder();
    const size = 90;
    const chunks = await semanticChunks(petsThenMarkets, { size, embed });
    expectValidChunks(petsThenMarkets, chunks, size);
    expect(chunks.map((chunk) => chunk.text)).toEqual([`${pets[0]} ${pets[1]}`, pets[2], ...markets]);
  });

  it('cuts a sentence longer than the size before embedding, so every chunk fits', async () => {
    const { embed } = recordingEmbedder();
    const text = `${'The cat and the dog play all day long in the garden '.repeat(3).trim()}. ${markets.join(' ')}`;
    const chunks = await semanticChunks(text, { size: 60, embed });
    expectValidChunks(text, chunks, 60);
  });

  it('keeps the offsets on CRLF and unicode text', async () => {
    const { embed } = recordingEmbedder();
    const text =
      'Le cat 🐈 et le dog 🐕 dorment.\r\nUn dog et un cat jouent.\r\n\r\nLa stock 📈 et le market montent.\r\nLe market 🔔 et la stock ferment.';
    const chunks = await semanticChunks(text, { size: 100, embed });
    expectValidChunks(text, chunks, 100);
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      'Le cat 🐈 et le dog 🐕 dorment.\r\nUn dog et un cat jouent.',
      'La stock 📈 et le market montent.\r\nLe market 🔔 et la stock ferment.',
    ]);
  });

  it('gives no chunks, and does not call the embedder, for whitespace-only text', async () => {
    const { calls, embed } = recordingEmbedder();
    expect(await semanticChunks(' \n ', { embed })).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('falls back to structural chunks without an embedder', async () => {
    const markdown = '# Pets\nMy cat sleeps.\n\n# Markets\nThe stock market opened.';
    const chunks = await semanticChunks(markdown, { size: 100, overlap: 10 });
    expect(chunks).toEqual(structuralChunks(markdown, { size: 100, overlap: 10 }));
    expect(chunks.map((chunk) => chunk.headings)).toEqual([['Pets'], ['Markets']]);
  });

  it('rejects an embedder that returns the wrong number of vectors', async () => {
    const embed = async () => [[1, 0]];
    await expect(semanticChunks(petsThenMarkets, { embed })).rejects.toThrow(
      'The embedder returned 1 vectors for 6 sentences: it must return one vector per text, in order.',
    );
  });
});
