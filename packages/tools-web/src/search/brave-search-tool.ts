import { isToolResult, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import type { WebHttpClient } from '../http/web-http-client.js';
import { type BraveSettings, type BraveSettingsInput, bindBraveSettings } from '../settings/service-settings.js';
import { bindWebSettings, type WebSettingsInput } from '../settings/web-settings.js';
import type { WebToolOptions } from '../web-tool-parts.js';
import { formatSearchResults, type SearchResult, serviceJson } from './search-results.js';
import { defineSearchTool, searchQueryInput, serviceUrl } from './search-tool.js';

export const braveSearchToolName = 'brave_search';

export const braveSearchInput = z.strictObject(searchQueryInput('Svc:Tools:Web:Brave:MaxResults'));

export type BraveSearchInput = z.output<typeof braveSearchInput>;

const braveResponse = z.looseObject({
  web: z
    .looseObject({
      results: z
        .array(z.looseObject({ title: z.string().nullish(), url: z.string(), description: z.string().nullish() }))
        .default([]),
    })
    .optional(),
});

/**
 * The `brave_search` tool: a Brave Search API web search (`GET {BaseUrl}/web/search`, the
 * key in `X-Subscription-Token`). `apiKey` is the key from `Svc:Tools:Web:Brave:ApiKey` or `BRAVE_API_KEY`.
 */
export function createBraveSearchTool(
  apiKey: string,
  settings: { readonly web?: WebSettingsInput; readonly brave?: BraveSettingsInput } = {},
  options: Pick<WebToolOptions, 'resolve'> = {},
): Tool<BraveSearchInput> {
  const brave = bindBraveSettings(settings.brave);
  return defineSearchTool({
    name: braveSearchToolName,
    description: 'Searches the web with Brave Search and answers the best results: title, URL and description.',
    input: braveSearchInput,
    web: bindWebSettings(settings.web),
    baseUrl: brave.BaseUrl,
    options,
    search: (input, client, signal) => searchBrave(input, signal, { client, brave, apiKey }),
  });
}

async function searchBrave(
  input: BraveSearchInput,
  signal: AbortSignal,
  parts: { client: WebHttpClient; brave: BraveSettings; apiKey: string },
) {
  const url = serviceUrl(parts.brave.BaseUrl, 'web/search');
  url.searchParams.set('q', input.query);
  url.searchParams.set('count', String(input.max_results ?? parts.brave.MaxResults));
  const outcome = await parts.client.request({
    url: url.href,
    headers: { 'x-subscription-token': parts.apiKey, accept: 'application/json' },
    signal,
  });
  const json = serviceJson(outcome, 'Brave Search', 'Svc:Tools:Web:Brave:ApiKey or BRAVE_API_KEY', parts.apiKey);
  if (isToolResult(json)) return json;
  const parsed = braveResponse.safeParse(json);
  if (!parsed.success) return toolFailure('Brave Search answered JSON without web results.');
  const results: SearchResult[] = (parsed.data.web?.results ?? []).map((result) => ({
    title: result.title ?? '',
    url: result.url,
    snippet: (result.description ?? '').replace(/<\/?strong>/g, ''),
  }));
  return formatSearchResults('Brave Search', input.query, results);
}
