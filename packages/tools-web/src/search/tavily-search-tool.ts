import { isToolResult, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import type { WebHttpClient } from '../http/web-http-client.js';
import { bindTavilySettings, type TavilySettings, type TavilySettingsInput } from '../settings/service-settings.js';
import { bindWebSettings, type WebSettingsInput } from '../settings/web-settings.js';
import type { WebToolOptions } from '../web-tool-parts.js';
import { formatSearchResults, type SearchResult, serviceJson } from './search-results.js';
import { defineSearchTool, searchQueryInput, serviceUrl } from './search-tool.js';

export const webSearchToolName = 'web_search';

export const webSearchInput = z.strictObject({
  ...searchQueryInput('Svc:Tools:Web:Tavily:MaxResults'),
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
  const tavily = bindTavilySettings(settings.tavily);
  return defineSearchTool({
    name: webSearchToolName,
    description: 'Searches the web (Tavily) and answers the best results: title, URL and a passage of each.',
    input: webSearchInput,
    web: bindWebSettings(settings.web),
    baseUrl: tavily.BaseUrl,
    options,
    search: (input, client, signal) => searchTavily(input, signal, { client, tavily, apiKey }),
  });
}

async function searchTavily(
  input: WebSearchInput,
  signal: AbortSignal,
  parts: { client: WebHttpClient; tavily: TavilySettings; apiKey: string },
) {
  const outcome = await parts.client.request({
    url: serviceUrl(parts.tavily.BaseUrl, 'search').href,
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
