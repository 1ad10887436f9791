import { identifierWords } from './identifier-words.js';

/** BM25's term-frequency saturation and length normalisation, the usual values. */
const k1 = 1.2;
const b = 0.75;
/** A query word that matches no word exactly may match longer ones it starts (weighted down). */
const prefixWeight = 0.5;
const minimumPrefixLength = 3;
/** Words of a question that say nothing about code ("the function in the file that …"). */
const questionStopWords = new Set(
  'an the in of to for on and or is are with by from that which what where how does do it as at be code function method file'.split(
    ' ',
  ),
);

/**
 * A small BM25 index over documents given as weighted texts (a symbol's name counts
 * more than its doc comment): the word half of the hybrid searches.
 */
export class WordScorer {
  readonly #postings = new Map<string, Map<number, number>>();
  readonly #lengths: number[] = [];
  #totalLength = 0;

  /** Adds a document; its number is the order it was added in, from 0. */
  add(fields: readonly { readonly text: string; readonly weight: number }[]): number {
    const id = this.#lengths.length;
    let length = 0;
    for (const field of fields)
      for (const word of identifierWords(field.text)) {
        let posting = this.#postings.get(word);
        if (posting === undefined) {
          posting = new Map();
          this.#postings.set(word, posting);
        }
        posting.set(id, (posting.get(id) ?? 0) + field.weight);
        length += field.weight;
      }
    this.#lengths.push(length);
    this.#totalLength += length;
    return id;
  }

  get size(): number {
    return this.#lengths.length;
  }

  /** The documents that share words with `query`, best first, with their scores. */
  search(query: string, accept: (id: number) => boolean = () => true): { id: number; score: number }[] {
    const count = this.#lengths.length;
    if (count === 0) return [];
    const average = this.#totalLength / count;
    const scores = new Map<number, number>();
    const words = identifierWords(query);
    const meaningful = words.filter((word) => !questionStopWords.has(word));
    for (const word of new Set(meaningful.length > 0 ? meaningful : words)) {
      const exact = this.#postings.get(word);
      const matches: [Map<number, number>, number][] =
        exact !== undefined
          ? [[exact, 1]]
          : word.length >= minimumPrefixLength
            ? [...this.#postings]
                .filter(([term]) => term.startsWith(word))
                .map(([, posting]) => [posting, prefixWeight])
            : [];
      for (const [posting, weight] of matches) {
        const idf = Math.log(1 + (count - posting.size + 0.5) / (posting.size + 0.5));
        for (const [id, frequency] of posting) {
          if (!accept(id)) continue;
          const length = this.#lengths[id] as number;
          const part = (frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * length) / average));
          scores.set(id, (scores.get(id) ?? 0) + weight * idf * part);
        }
      }
    }
    return [...scores].map(([id, score]) => ({ id, score })).sort((x, y) => y.score - x.score || x.id - y.id);
  }
}
