import {
  defineTool,
  isDenial,
  type Tool,
  type ToolContext,
  type ToolReturn,
  toolDenied,
  toolFailure,
} from '@orkeon/core';
import { z } from 'zod';
import { bindWebSettings, type WebSettings, type WebSettingsInput } from '../settings/web-settings.js';
import { createPageCache, createWebHttpClient, toolTimeout, type WebToolOptions } from '../web-tool-parts.js';
import { cutText, decodeBody, formatCount, formatSize, isTextual, parseContentType } from './body-text.js';
import { requestHeadersProblem } from './header-rules.js';
import type { WebHttpClient, WebHttpResponse } from './web-http-client.js';

export const httpApiToolName = 'http_api';

export const httpApiInput = z.strictObject({
  url: z.string().min(1).max(8_192).describe('The absolute http(s) URL to call.'),
  method: z
    .enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])
    .default('GET')
    .describe('The HTTP method.'),
  headers: z
    .record(z.string(), z.string())
    .optional()
    .describe('Request headers, e.g. {"Accept": "application/json"}. Single-line values only.'),
  query: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .optional()
    .describe('Query parameters added to the URL (encoded for you).'),
  body: z.string().max(1_000_000).optional().describe('The request body as text.'),
  json: z.unknown().optional().describe('A JSON request body (sets Content-Type: application/json). Not with `body`.'),
  save_to: z
    .string()
    .optional()
    .describe('A virtual path to write the response body to (e.g. /workspace/data.csv), instead of answering it.'),
});

export type HttpApiInput = z.output<typeof httpApiInput>;

/** Response headers worth showing first; the rest follow. */
const leadingHeaders = ['content-type', 'content-length', 'location', 'retry-after'];

/**
 * The `http_api` tool: one HTTP request to an API through the network guard (private,
 * loopback and metadata addresses refused unless allowed; every redirect checked), the
 * body read up to `Svc:Tools:Web:MaxResponseBytes`. Text answers are kept in the page
 * cache for `cache_search`. Access `Execute`: it can change things on other systems.
 */
export function createHttpApiTool(settings: WebSettingsInput = {}, options: WebToolOptions = {}): Tool<HttpApiInput> {
  const bound = bindWebSettings(settings);
  const client =
    options.client ?? createWebHttpClient(bound, options.resolve === undefined ? {} : { resolve: options.resolve });
  const cache = options.cache ?? createPageCache(bound);
  return defineTool({
    name: httpApiToolName,
    description:
      'Calls an HTTP API: method, URL, headers, query and a text or JSON body; answers the status, headers and body. Only public addresses are reached (an operator may allow more); redirects are followed and checked. Use save_to to store a binary or large body as a file.',
    input: httpApiInput,
    access: 'Execute',
    networkGuard: client.guard,
    maxResultCharacters: bound.MaxResultCharacters + 2_000,
    timeoutMilliseconds: toolTimeout(bound),
    execute: (input, context) => callHttpApi(input, context, { client, settings: bound, cache }),
  });
}

async function callHttpApi(
  input: HttpApiInput,
  context: ToolContext,
  parts: { client: WebHttpClient; settings: WebSettings; cache: ReturnType<typeof createPageCache> },
): Promise<ToolReturn> {
  if (input.body !== undefined && input.json !== undefined) return toolFailure('Give either body or json, not both.');
  const headers: Record<string, string> = { ...(input.headers ?? {}) };
  const problem = requestHeadersProblem(headers);
  if (problem !== undefined) return toolDenied(problem);
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return toolFailure(`'${input.url.slice(0, 200)}' is not an absolute URL: write it as https://host/path.`);
  }
  for (const [name, value] of Object.entries(input.query ?? {})) url.searchParams.append(name, String(value));
  let body = input.body;
  if (input.json !== undefined) {
    body = JSON.stringify(input.json);
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
  }
  const outcome = await parts.client.request({
    url: url.href,
    method: input.method,
    headers,
    signal: context.signal,
    ...(body === undefined ? {} : { body }),
  });
  if (!outcome.ok) return outcome.denied ? toolDenied(outcome.message) : toolFailure(outcome.message);
  const { response } = outcome;
  if (input.save_to !== undefined) return saveBody(response, input.save_to, context, parts.settings);
  const contentType = parseContentType(response.headers['content-type']);
  const textual = isTextual(contentType, response.body);
  const text = textual ? decodeBody(response.body, contentType) : '';
  if (textual && input.method === 'GET' && response.status >= 200 && response.status < 300 && text.trim() !== '')
    parts.cache.add({ url: response.url, text, source: 'http_api' });
  const lines = [`HTTP ${response.status} ${response.statusText}`.trim(), ...describeExchange(response)];
  if (input.method === 'HEAD') return lines.join('\n');
  lines.push('');
  if (!textual)
    lines.push(
      `[binary body: ${formatSize(response.body.length)} of ${contentType.mediaType || 'unknown type'}; use save_to to keep it]`,
    );
  else lines.push(cutText(text, parts.settings.MaxResultCharacters));
  if (response.cut) lines.push(cutNote(response, parts.settings));
  return lines.join('\n');
}

function describeExchange(response: WebHttpResponse): string[] {
  const lines: string[] = [];
  if (response.redirects.length > 0)
    lines.push(
      `url: ${response.url} (after ${response.redirects.length} redirect${response.redirects.length === 1 ? '' : 's'})`,
    );
  const names = Object.keys(response.headers).sort(
    (left, right) => rank(left) - rank(right) || left.localeCompare(right),
  );
  for (const name of names) lines.push(`${name}: ${response.headers[name]}`);
  return lines;
}

function rank(name: string): number {
  const index = leadingHeaders.indexOf(name);
  return index === -1 ? leadingHeaders.length : index;
}

function cutNote(response: WebHttpResponse, settings: WebSettings): string {
  const declared = Number(response.headers['content-length']);
  const total =
    Number.isFinite(declared) && declared > 0 && response.headers['content-encoding'] === undefined
      ? `of ${formatCount(declared)} bytes`
      : 'of a longer body';
  return `[cut: the body was read up to ${formatCount(settings.MaxResponseBytes)} bytes ${total} (Svc:Tools:Web:MaxResponseBytes)]`;
}

async function saveBody(
  response: WebHttpResponse,
  path: string,
  context: ToolContext,
  settings: WebSettings,
): Promise<ToolReturn> {
  const status = `HTTP ${response.status} ${response.statusText}`.trim();
  if (response.cut)
    return toolFailure(
      `${status}: the body is larger than ${formatCount(settings.MaxResponseBytes)} bytes (Svc:Tools:Web:MaxResponseBytes), so nothing was saved to ${path}.`,
    );
  const written = await context.vfs.writeBytes(path, response.body);
  if (!written.ok) return isDenial(written.code) ? toolDenied(written.message) : toolFailure(written.message);
  return [
    status,
    ...describeExchange(response),
    '',
    `Saved ${formatSize(written.value.bytesWritten)} to ${written.value.path}.`,
  ].join('\n');
}
