/** Where a cached page came from. */
export type CachedPageSource = 'web_scrape' | 'scrape_element' | 'http_api';

export interface CachedPage {
  readonly url: string;
  readonly title?: string;
  readonly text: string;
  readonly source: CachedPageSource;
  readonly fetchedAt: Date;
}

export interface PageSearchHit {
  readonly url: string;
  readonly title?: string;
  readonly source: CachedPageSource;
  readonly score: number;
  /** A few hundred characters around the first place a term of the query appears. */
  readonly snippet: string;
}

interface IndexedPage extends CachedPage {
  readonly terms: ReadonlyMap<string, number>;
  readonly length: number;
}

export interface PageCacheOptions {
  readonly maxCharacters: number;
  readonly maxPages: number;
  readonly clock?: () => Date;
}

const snippetRadius = 150;

/** Lower-case words of letters and digits, any script. */
export function terms(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The text of pages this process fetched, in memory, bounded by characters and pages
 * (the oldest go first; a page fetched again replaces its older copy), ranked by the
 * terms of a query with BM25. Nothing is written to disk and nothing survives a restart.
 */
export class PageCache {
  readonly #pages = new Map<string, IndexedPage>();
  readonly #options: PageCacheOptions;
  #characters = 0;

  constructor(options: PageCacheOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#pages.size;
  }

  get characters(): number {
    return this.#characters;
  }

  add(page: { url: string; title?: string; text: string; source: CachedPageSource }): void {
    this.#remove(page.url);
    const text = page.text.slice(0, this.#options.maxCharacters);
    const counts = new Map<string, number>();
    const words = terms(text);
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    const fetchedAt = (this.#options.clock ?? (() => new Date()))();
    const title = page.title === undefined || page.title === '' ? {} : { title: page.title };
    this.#pages.set(page.url, {
      url: page.url,
      ...title,
      text,
      source: page.source,
      fetchedAt,
      terms: counts,
      length: words.length,
    });
    this.#characters += text.length;
    for (const oldest of this.#pages.keys()) {
      if (this.#characters <= this.#options.maxCharacters && this.#pages.size <= this.#options.maxPages) break;
      this.#remove(oldest);
    }
  }

  /** The pages best matching the terms of `query`, best first; pages with none of its terms are left out. */
  search(query: string, limit: number): PageSearchHit[] {
    const wanted = [...new Set(terms(query))];
    if (wanted.length === 0 || this.#pages.size === 0) return [];
    const pages = [...this.#pages.values()];
    const averageLength = pages.reduce((sum, page) => sum + page.length, 0) / pages.length || 1;
    const k1 = 1.2;
    const b = 0.75;
    const containing = new Map(wanted.map((term) => [term, pages.filter((page) => page.terms.has(term)).length]));
    const hits: PageSearchHit[] = [];
    for (const page of pages) {
      let score = 0;
      for (const term of wanted) {
        const frequency = page.terms.get(term) ?? 0;
        if (frequency === 0) continue;
        const withTerm = containing.get(term) ?? 0;
        const idf = Math.log(1 + (pages.length - withTerm + 0.5) / (withTerm + 0.5));
        score += (idf * frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * page.length) / averageLength));
      }
      if (score > 0) {
        const title = page.title === undefined ? {} : { title: page.title };
        hits.push({ url: page.url, ...title, source: page.source, score, snippet: snippetOf(page.text, wanted) });
      }
    }
    return hits.sort((left, right) => right.score - left.score).slice(0, limit);
  }

  #remove(url: string): void {
    const page = this.#pages.get(url);
    if (page === undefined) return;
    this.#pages.delete(url);
    this.#characters -= page.text.length;
  }
}

function snippetOf(text: string, wanted: readonly string[]): string {
  const lower = text.toLowerCase();
  const positions = wanted.map((term) => lower.indexOf(term)).filter((index) => index >= 0);
  const at = positions.length === 0 ? 0 : Math.min(...positions);
  const start = Math.max(0, at - snippetRadius);
  const end = Math.min(text.length, at + snippetRadius);
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}
