import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { PageCache } from './page-cache.js';

export const cacheSearchToolName = 'cache_search';

export const cacheSearchInput = z.strictObject({
  query: z.string().min(1).max(500).describe('Words to look for in the pages fetched so far.'),
  limit: z.number().int().min(1).max(20).default(5).describe('Pages to answer, best first.'),
});

export type CacheSearchInput = z.output<typeof cacheSearchInput>;

/**
 * The `cache_search` tool: searches the text of the pages this process already fetched
 * with web_scrape, scrape_element and http_api (an in-memory cache, bounded, ranked by
 * the query's terms). It reaches no network.
 */
export function createCacheSearchTool(cache: PageCache): Tool<CacheSearchInput> {
  return defineTool({
    name: cacheSearchToolName,
    description:
      'Searches the text of pages already fetched in this session (by web_scrape, scrape_element and http_api), without fetching anything; answers the best pages with a snippet. Fetch a page first to make it searchable.',
    input: cacheSearchInput,
    access: 'Read',
    async execute({ query, limit }) {
      if (cache.size === 0) return 'No page has been fetched yet in this session: use web_scrape first.';
      const hits = cache.search(query, limit);
      if (hits.length === 0) return `None of the ${cache.size} fetched pages contains a word of '${query}'.`;
      const lines = [`${hits.length} of ${cache.size} fetched pages match '${query}':`];
      for (const [index, hit] of hits.entries()) {
        lines.push(`${index + 1}. ${hit.title ?? hit.url} (score ${hit.score.toFixed(2)}, from ${hit.source})`);
        if (hit.title !== undefined) lines.push(`   ${hit.url}`);
        lines.push(`   ${hit.snippet}`);
      }
      return lines.join('\n');
    },
  });
}
