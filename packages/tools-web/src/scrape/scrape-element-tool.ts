import { defineTool, isToolResult, type Tool, type ToolContext, type ToolReturn, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import type { PageCache } from '../cache/page-cache.js';
import { cutText, formatCount } from '../http/body-text.js';
import type { WebHttpClient } from '../http/web-http-client.js';
import { bindWebSettings, type WebSettings, type WebSettingsInput } from '../settings/web-settings.js';
import { createPageCache, createWebHttpClient, toolTimeout, type WebToolOptions } from '../web-tool-parts.js';
import { fetchPage, loadHtml, pageIsHtml } from './fetch-page.js';
import { elementText, pageText, pageTitle } from './html-text.js';

export const scrapeElementToolName = 'scrape_element';

export const scrapeElementInput = z.strictObject({
  url: z.string().min(1).max(8_192).describe('The absolute http(s) URL of the page.'),
  selector: z.string().min(1).max(500).describe('A CSS selector, e.g. "article h2", "table.prices td:nth-child(2)".'),
  attribute: z
    .string()
    .regex(/^[A-Za-z_:][-A-Za-z0-9_:.]{0,99}$/, 'an attribute name such as href')
    .optional()
    .describe('Answer this attribute of each element (e.g. "href") instead of its text; links become absolute URLs.'),
  limit: z.number().int().min(1).max(200).default(20).describe('Elements to answer, in document order.'),
});

export type ScrapeElementInput = z.output<typeof scrapeElementInput>;

/** Attributes that hold URLs: answered as absolute URLs. */
const urlAttributes = new Set(['href', 'src', 'action', 'poster', 'cite', 'data', 'formaction']);

/**
 * The `scrape_element` tool: GETs a page through the network guard and answers the text
 * (or one attribute) of the elements a CSS selector matches. The page text is kept in the
 * page cache for `cache_search`.
 */
export function createScrapeElementTool(
  settings: WebSettingsInput = {},
  options: WebToolOptions = {},
): Tool<ScrapeElementInput> {
  const bound = bindWebSettings(settings);
  const client =
    options.client ?? createWebHttpClient(bound, options.resolve === undefined ? {} : { resolve: options.resolve });
  const cache = options.cache ?? createPageCache(bound);
  return defineTool({
    name: scrapeElementToolName,
    description:
      'Reads the elements of a web page that a CSS selector matches: their visible text, or one attribute (e.g. href). Only public addresses are reached.',
    input: scrapeElementInput,
    access: 'Read',
    networkGuard: client.guard,
    maxResultCharacters: bound.MaxResultCharacters + 1_000,
    timeoutMilliseconds: toolTimeout(bound),
    execute: (input, context) => scrapeElements(input, context, { client, cache, settings: bound }),
  });
}

async function scrapeElements(
  input: ScrapeElementInput,
  context: ToolContext,
  parts: { client: WebHttpClient; cache: PageCache; settings: WebSettings },
): Promise<ToolReturn> {
  const page = await fetchPage(parts.client, input.url, context.signal);
  if (!('bytes' in page)) return page;
  if (!pageIsHtml(page))
    return toolFailure(`${page.url} is not an HTML page (${page.contentType.mediaType}): read it with web_scrape.`);
  const $ = await loadHtml(page);
  if (isToolResult($)) return $;
  let matched: ReturnType<typeof $>;
  try {
    matched = $(input.selector);
  } catch (error) {
    return toolFailure(
      `'${input.selector}' is not a CSS selector this tool understands (${(error as Error).message.split('\n')[0]}): write one such as "div.price" or "a[href]".`,
    );
  }
  const title = pageTitle($);
  parts.cache.add({
    url: page.url,
    text: pageText($),
    source: 'scrape_element',
    ...(title === undefined ? {} : { title }),
  });
  const total = matched.length;
  if (total === 0) return `No element of ${page.url} matches '${input.selector}'.`;
  const values: string[] = [];
  for (const element of matched.toArray().slice(0, input.limit)) {
    if (input.attribute === undefined) values.push(elementText(element));
    else {
      const value = $(element).attr(input.attribute);
      if (value === undefined) values.push('(no such attribute)');
      else if (urlAttributes.has(input.attribute.toLowerCase()) && URL.canParse(value, page.url))
        values.push(new URL(value, page.url).href);
      else values.push(value.replace(/\s+/g, ' ').trim());
    }
  }
  const shown = values.length < total ? `the first ${values.length} of ${formatCount(total)}` : `${total}`;
  const heading = `${shown} element${total === 1 ? '' : 's'} of ${page.url} match '${input.selector}'${input.attribute === undefined ? '' : ` (attribute ${input.attribute})`}:`;
  const body = values.map((value, index) => `${index + 1}. ${value}`).join('\n');
  const note = page.cut
    ? '\n[cut: the page is larger than Svc:Tools:Web:MaxResponseBytes; only its start was read]'
    : '';
  return `${heading}\n${cutText(body, parts.settings.MaxResultCharacters)}${note}`;
}
