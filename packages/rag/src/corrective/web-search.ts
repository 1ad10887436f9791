import type { WebHttpClient } from '@orkeon/tools-web';

/** One result of a web search: the page to read. */
export interface WebSearchResult {
  readonly url: string;
  readonly title?: string;
}

/** What the corrective profile's web fallback searches with. */
export interface WebSearch {
  search(query: string, maxResults: number, signal?: AbortSignal): Promise<WebSearchResult[]>;
}

export interface SearxngSearchOptions {
  /** The search URL; called as `{endpoint}?q=…&format=json`. */
  readonly endpoint: string;
  /** Sent as `Authorization: Bearer`, when given. */
  readonly apiKey?: string;
  /** The guarded client (network guard, time limit, no redirects). */
  readonly web: WebHttpClient;
}

/**
 * A SearxNG-compatible search: GET `{endpoint}?q=…&format=json`, answered with
 * `{ results: [{ url, title? }] }`. Only http(s) results are kept, each URL once. A search that
 * fails throws with the cause; the fallback reports it and answers from what it has.
 */
export class SearxngSearch implements WebSearch {
  readonly #options: SearxngSearchOptions;

  constructor(options: SearxngSearchOptions) {
    this.#options = options;
  }

  async search(query: string, maxResults: number, signal?: AbortSignal): Promise<WebSearchResult[]> {
    const url = new URL(this.#options.endpoint);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'json');
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#options.apiKey !== undefined) headers.authorization = `Bearer ${this.#options.apiKey}`;
    const outcome = await this.#options.web.request({
      url: url.href,
      headers,
      ...(signal === undefined ? {} : { signal }),
    });
    if (!outcome.ok) throw new Error(`the web search failed: ${outcome.message}`);
    const { status, body } = outcome.response;
    if (status < 200 || status > 299)
      throw new Error(`the web search answered ${status}: check Svc:Rag:WebFallback:Endpoint and its key.`);
    let answer: unknown;
    try {
      answer = JSON.parse(body.toString('utf8'));
    } catch {
      throw new Error(
        'the web search did not answer JSON: the endpoint must accept format=json (SearxNG: enable the json format).',
      );
    }
    const results = (answer as { results?: unknown }).results;
    if (!Array.isArray(results)) throw new Error('the web search answered JSON without a results list.');
    const found: WebSearchResult[] = [];
    for (const result of results) {
      const link = (result as { url?: unknown }).url;
      const title = (result as { title?: unknown }).title;
      if (typeof link !== 'string' || !URL.canParse(link) || !/^https?:$/.test(new URL(link).protocol)) continue;
      if (found.some((entry) => entry.url === link)) continue;
      found.push({ url: link, ...(typeof title === 'string' && title !== '' ? { title } : {}) });
      if (found.length >= maxResults) break;
    }
    return found;
  }
}
