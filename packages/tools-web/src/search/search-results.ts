import { type ToolResult, toolDenied, toolFailure } from '@orkeon/core';
import { decodeBody, parseContentType } from '../http/body-text.js';
import type { WebHttpOutcome } from '../http/web-http-client.js';

export interface SearchResult {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
}

/** Results as numbered lines: title, URL, snippet. */
export function formatSearchResults(
  service: string,
  query: string,
  results: readonly SearchResult[],
  answer?: string,
): string {
  if (results.length === 0 && answer === undefined) return `${service} found nothing for '${query}'.`;
  const lines = [`${service} results for '${query}':`];
  if (answer !== undefined && answer.trim() !== '') lines.push(`Answer: ${answer.trim()}`);
  for (const [index, result] of results.entries()) {
    lines.push(`${index + 1}. ${oneLine(result.title) || '(no title)'}`, `   ${result.url}`);
    if (result.snippet.trim() !== '') lines.push(`   ${oneLine(result.snippet)}`);
  }
  return lines.join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 600);
}

/**
 * The JSON body of a keyed service's answer, or the tool's result when there is none: a
 * refusal, a failure to reach it, an error status (the key is named by its setting and
 * variable, its value never shown) or a body that is not JSON.
 */
export function serviceJson(
  outcome: WebHttpOutcome,
  service: string,
  keyNames: string,
  secret: string,
): unknown | ToolResult {
  if (!outcome.ok) return outcome.denied ? toolDenied(outcome.message) : toolFailure(`${service}: ${outcome.message}`);
  const { response } = outcome;
  const text = scrub(decodeBody(response.body, parseContentType(response.headers['content-type'])), secret);
  if (response.status === 401 || response.status === 403)
    return toolFailure(`${service} refused the key (${response.status} ${response.statusText}): check ${keyNames}.`);
  if (response.status === 429)
    return toolFailure(
      `${service} says too many requests (429): wait${response.headers['retry-after'] === undefined ? '' : ` ${response.headers['retry-after']} s`} and try again.`,
    );
  if (response.status < 200 || response.status > 299)
    return toolFailure(`${service} answered ${response.status} ${response.statusText}: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return toolFailure(`${service} answered something that is not JSON: ${text.slice(0, 200)}`);
  }
}

/** Never echo a secret, even one a service writes back. */
export function scrub(text: string, secret: string): string {
  return secret === '' ? text : text.split(secret).join('[REDACTED]');
}
