import type { WebHttpClient } from '@orkeon/tools-web';
import { recursiveChunks } from '../chunking/recursive-chunker.js';
import { validateDocument } from '../loading/document-validation.js';
import { loadWebSource } from '../loading/web-source.js';
import type { RagCitation } from '../query/rag-answer.js';
import { contentWords, wordCoverage } from './question-words.js';
import type { WebSearch } from './web-search.js';

export interface WebFallbackOptions {
  readonly search: WebSearch;
  /** Reads each page (the guarded client, no redirects). */
  readonly web: WebHttpClient;
  readonly maxResults: number;
  readonly suspiciousAction: 'Flag' | 'Discard';
  /** Passages taken from the pages at most. */
  readonly maxPassages: number;
}

/** What the web fallback did, for the trace. */
export interface WebFallbackReport {
  readonly passages: RagCitation[];
  readonly searched: number;
  readonly read: number;
  readonly rejected: number;
  readonly discarded: number;
  readonly flagged: number;
  readonly failed: number;
}

/**
 * The web_fallback node: searches the web for the question, reads each page, and passes it
 * through the same injection and integrity check as an ingested document. A Rejected page
 * never enters the working set; a Suspicious one is discarded or kept with a warning on its
 * citation (`SuspiciousAction`). The pages' passages most about the question are returned.
 */
export async function webFallback(
  question: string,
  options: WebFallbackOptions,
  signal?: AbortSignal,
): Promise<WebFallbackReport> {
  const results = await options.search.search(question, options.maxResults, signal);
  const asked = contentWords(question);
  const passages: Omit<RagCitation, 'marker'>[] = [];
  let read = 0;
  let rejected = 0;
  let discarded = 0;
  let flagged = 0;
  let failed = 0;
  for (const result of results) {
    let text: string;
    let title: string | undefined;
    try {
      const page = await loadWebSource(result.url, result.url, options.web, signal);
      ({ text, title } = page);
      read += 1;
      const verdict = validateDocument(page);
      if (verdict.verdict === 'Rejected') {
        rejected += 1;
        continue;
      }
      const warning =
        verdict.verdict === 'Suspicious' ? `Suspicious web page: ${verdict.reasons.join(' ')}` : undefined;
      if (warning !== undefined && options.suspiciousAction === 'Discard') {
        discarded += 1;
        continue;
      }
      if (warning !== undefined) flagged += 1;
      for (const chunk of recursiveChunks(text, {})) {
        const score = wordCoverage(asked, chunk.text);
        if (score === 0) continue;
        passages.push({
          chunkId: `${result.url}#${chunk.start}`,
          sourceId: result.url,
          snippet: chunk.text,
          score,
          start: chunk.start,
          end: chunk.end,
          ...(title === undefined ? {} : { headings: [title] }),
          ...(warning === undefined ? {} : { warning }),
        });
      }
    } catch (error) {
      if (signal?.aborted === true) throw error;
      failed += 1;
    }
  }
  const best = passages.sort((a, b) => b.score - a.score).slice(0, options.maxPassages);
  return {
    passages: best.map((passage, index) => ({ ...passage, marker: index + 1 })),
    searched: results.length,
    read,
    rejected,
    discarded,
    flagged,
    failed,
  };
}
