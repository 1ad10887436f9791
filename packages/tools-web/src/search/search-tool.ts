import { defineTool, type Tool, type ToolResult } from '@orkeon/core';
import { z } from 'zod';
import type { WebHttpClient } from '../http/web-http-client.js';
import type { WebSettings } from '../settings/web-settings.js';
import { baseUrlHost, createWebHttpClient, toolTimeout, type WebToolOptions } from '../web-tool-parts.js';

/** The input fields every search tool takes; `maxResultsSetting` names where the default comes from. */
export function searchQueryInput(maxResultsSetting: string) {
  return {
    query: z.string().min(1).max(400).describe('What to search the web for.'),
    max_results: z
      .number()
      .int()
      .min(1)
      .max(20)
      .optional()
      .describe(`Results to answer (default: ${maxResultsSetting}).`),
  };
}

export interface SearchToolSpec<Schema extends z.ZodType> {
  readonly name: string;
  readonly description: string;
  readonly input: Schema;
  readonly web: WebSettings;
  /** The service's base URL: its host is reachable even when `AllowedHosts` does not list it. */
  readonly baseUrl: string;
  readonly options: Pick<WebToolOptions, 'resolve'>;
  search(input: z.output<Schema>, client: WebHttpClient, signal: AbortSignal): Promise<ToolResult | string>;
}

/** A keyed web search tool: its own guarded HTTP client, read access, the web family's time-out. */
export function defineSearchTool<Schema extends z.ZodType>(spec: SearchToolSpec<Schema>): Tool<z.output<Schema>> {
  const client = createWebHttpClient(spec.web, {
    extraAllowedHosts: [baseUrlHost(spec.baseUrl)],
    ...(spec.options.resolve === undefined ? {} : { resolve: spec.options.resolve }),
  });
  return defineTool({
    name: spec.name,
    description: spec.description,
    input: spec.input,
    access: 'Read',
    networkGuard: client.guard,
    timeoutMilliseconds: toolTimeout(spec.web),
    execute: (input, context) => spec.search(input, client, context.signal),
  });
}

/** A service URL under the base URL, whether or not the base ends with a slash. */
export function serviceUrl(baseUrl: string, path: string): URL {
  return new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
}
