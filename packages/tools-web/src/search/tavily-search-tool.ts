import { defineTool, isToolResult, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import type { WebHttpClient } from '../http/web-http-client.js';
import { bindTavilySettings, type TavilySettings, type TavilySettingsInput } from '../settings/service-settings.js';
import { bindWebSettings, type WebSettingsInput } from '../settings/web-settings.js';
import { baseUrlHost, createWebHttpClient, toolTimeout, type WebToolOptions } from '../web-tool-parts.js';
import { formatSearchResults, type SearchResult, serviceJson } from './search-results.js';

export const webSearchToolName = 'web_search';

export const webSearchInput = z.strictObject({
  query: z.string().min(1).max(400).describe('What to search the web for.'),
  max_results: z
    .number()
    .int()
    .min(1)
    .max(20)
    .optional()
    .describe('Results to answer (default: Svc:Tools:Web:Tavily:MaxResults).'),
  topic: z.enum(['general', 'news']).default('general').describe('"news" for recent events.'),
});

export type WebSearchInput = z.output<typeof webSearchInput>;

const tavilyResponse = z.looseObject({
  answer: z.string().nullish(),
  results: z
    .array(z.looseObject({ title: z.string().nullish(), url: z.string(), content: z.string().nullish() }))
    .default([]),
});

/**
 * The `web_search` tool: a Tavily search (`POST {BaseUrl}/search`, the key as a bearer
 * token). `apiKey` is the key from `Svc:Tools:Web:Tavily:ApiKey` or `TAVILY_API_KEY`.
 */
export function createWebSearchTool(
  apiKey: string,
  settings: { readonly web?: WebSettingsInput; readonly tavily?: TavilySettingsInput } = {},
  options: Pick<WebToolOptions, 'resolve'> = {},
): Tool<WebSearchInput> {
  const web = bindWebSettings(settings.web);
  const tavily = bindTavilySettings(settings.tavily);
  const client = createWebHttpClient(web, {
    extraAllowedHosts: [baseUrlHost(tavily.BaseUrl)],
    ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
  });
  return defineTool({
    name: webSearchToolName,
    description: 'Searches the web (Tavily) and answers the best results: title, URL and a passage of each.',
    input: webSearchInput,
    access: 'Read',
    timeoutMilliseconds: toolTimeout(web),
    execute: (input, context) => searchTavily(input, context.signal, { client, tavily, apiKey }),
  });
}

async function searchTavily(
  input: WebSearchInput,
  signal: AbortSignal,
  parts: { client: WebHttpClient; tavily: TavilySettings; apiKey: string },
) {
  const outcome = await parts.client.request({
    url: new URL('search', withSlash(parts.tavily.BaseUrl)).href,
    method: 'POST',
    headers: {
      authorization: `Bearer ${parts.apiKey}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({
      query: input.query,
      max_results: input.max_results ?? parts.tavily.MaxResults,
      search_depth: parts.tavily.SearchDepth,
      topic: input.topic,
    }),
    signal,
  });
  const json = serviceJson(outcome, 'Tavily', 'Svc:Tools:Web:Tavily:ApiKey or TAVILY_API_KEY', parts.apiKey);
  if (isToolResult(json)) return json;
  const parsed = tavilyResponse.safeParse(json);
  if (!parsed.success) return toolFailure('Tavily answered JSON without a results list.');
  const results: SearchResult[] = parsed.data.results.map((result) => ({
    title: result.title ?? '',
    url: result.url,
    snippet: result.content ?? '',
  }));
  return formatSearchResults('Tavily', input.query, results, parsed.data.answer ?? undefined);
}

export function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
