import { defineTool, isToolResult, type Tool, type ToolContext, type ToolReturn } from '@orkeon/core';
import { z } from 'zod';
import type { PageCache } from '../cache/page-cache.js';
import { cutText } from '../http/body-text.js';
import type { WebHttpClient } from '../http/web-http-client.js';
import { bindWebSettings, type WebSettings, type WebSettingsInput } from '../settings/web-settings.js';
import { createPageCache, createWebHttpClient, toolTimeout, type WebToolOptions } from '../web-tool-parts.js';
import { fetchPage, loadHtml, pageAsText, pageIsHtml } from './fetch-page.js';
import { pageLinks, pageText, pageTitle } from './html-text.js';

export const webScrapeToolName = 'web_scrape';

export const webScrapeInput = z.strictObject({
  url: z.string().min(1).max(8_192).describe('The absolute http(s) URL of the page.'),
  include_links: z.boolean().default(false).describe('Also list the links of the page (up to 100).'),
  max_characters: z
    .number()
    .int()
    .min(100)
    .optional()
    .describe('Characters of text to answer; default and upper bound: Svc:Tools:Web:MaxResultCharacters.'),
});

export type WebScrapeInput = z.output<typeof webScrapeInput>;

const maxLinks = 100;

/**
 * The `web_scrape` tool: GETs a page through the network guard and answers its title and
 * the text a reader sees (scripts, styles and hidden elements left out), optionally its
 * links. The text is kept in the page cache for `cache_search`.
 */
export function createWebScrapeTool(
  settings: WebSettingsInput = {},
  options: WebToolOptions = {},
): Tool<WebScrapeInput> {
  const bound = bindWebSettings(settings);
  const client =
    options.client ?? createWebHttpClient(bound, options.resolve === undefined ? {} : { resolve: options.resolve });
  const cache = options.cache ?? createPageCache(bound);
  return defineTool({
    name: webScrapeToolName,
    description:
      'Reads a web page: answers its title and visible text (no scripts, styles or hidden elements), and its links when asked. Only public addresses are reached. The page text is remembered for cache_search.',
    input: webScrapeInput,
    access: 'Read',
    networkGuard: client.guard,
    maxResultCharacters: bound.MaxResultCharacters + maxLinks * 300 + 1_000,
    timeoutMilliseconds: toolTimeout(bound),
    execute: (input, context) => scrape(input, context, { client, cache, settings: bound }),
  });
}

async function scrape(
  input: WebScrapeInput,
  context: ToolContext,
  parts: { client: WebHttpClient; cache: PageCache; settings: WebSettings },
): Promise<ToolReturn> {
  const page = await fetchPage(parts.client, input.url, context.signal);
  if (!('bytes' in page)) return page;
  const limit = Math.min(
    input.max_characters ?? parts.settings.MaxResultCharacters,
    parts.settings.MaxResultCharacters,
  );
  const lines = [`URL: ${page.url}`];
  let text: string;
  let links: { text: string; url: string }[] = [];
  if (pageIsHtml(page)) {
    const $ = await loadHtml(page);
    if (isToolResult($)) return $;
    const title = pageTitle($);
    if (title !== undefined) lines.unshift(`Title: ${title}`);
    text = pageText($);
    if (input.include_links) links = pageLinks($, page.url, maxLinks);
    parts.cache.add({ url: page.url, text, source: 'web_scrape', ...(title === undefined ? {} : { title }) });
  } else {
    text = pageAsText(page);
    parts.cache.add({ url: page.url, text, source: 'web_scrape' });
  }
  if (page.cut) lines.push('[cut: the page is larger than Svc:Tools:Web:MaxResponseBytes; only its start was read]');
  lines.push('', cutText(text, limit));
  if (input.include_links) {
    lines.push('', `Links (${links.length}${links.length === maxLinks ? ', the first 100' : ''}):`);
    for (const [index, link] of links.entries()) lines.push(`${index + 1}. ${link.text || '(no text)'} — ${link.url}`);
  }
  return lines.join('\n');
}
