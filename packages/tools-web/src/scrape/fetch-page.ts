import type { ToolResult } from '@orkeon/core';
import { toolDenied, toolFailure } from '@orkeon/core';
import type { CheerioAPI } from 'cheerio/slim';
import {
  type ContentType,
  decodeBody,
  formatCount,
  formatSize,
  isHtml,
  isTextual,
  parseContentType,
} from '../http/body-text.js';
import type { WebHttpClient } from '../http/web-http-client.js';
import { nestsDeeperThan } from './nesting-depth.js';

/** Deeper pages are refused before parsing; real pages nest a few dozen levels. */
export const maxNestingDepth = 1_000;

/** A page fetched for reading: its final URL, type, text (HTML undecoded into a document on demand) and whether it was cut. */
export interface FetchedPage {
  readonly url: string;
  readonly contentType: ContentType;
  readonly bytes: Buffer;
  readonly cut: boolean;
}

const acceptPages = 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,*/*;q=0.5';

/** GETs a page through the guarded client; anything but a successful text answer becomes the tool's result. */
export async function fetchPage(
  client: WebHttpClient,
  url: string,
  signal: AbortSignal,
): Promise<FetchedPage | ToolResult> {
  const outcome = await client.request({ url, headers: { accept: acceptPages }, signal });
  if (!outcome.ok) return outcome.denied ? toolDenied(outcome.message) : toolFailure(outcome.message);
  const { response } = outcome;
  if (response.status < 200 || response.status > 299)
    return toolFailure(
      `${response.url} answered ${response.status}${response.statusText === '' ? '' : ` ${response.statusText}`}.`,
    );
  const contentType = parseContentType(response.headers['content-type']);
  if (!isTextual(contentType, response.body))
    return toolFailure(
      `${response.url} is not a text page (${contentType.mediaType || 'no type'}, ${formatSize(response.body.length)}${response.cut ? ' or more' : ''}): fetch it with http_api and save_to instead.`,
    );
  return { url: response.url, contentType, bytes: response.body, cut: response.cut };
}

/**
 * The page parsed as HTML with htmlparser2 (`cheerio/slim`): its time grows in step with
 * the document, where a spec parser can take minutes over a page nested a hundred
 * thousand levels deep. The charset is the header's, else the document's `<meta>`, else UTF-8.
 */
export async function loadHtml(page: FetchedPage): Promise<CheerioAPI | ToolResult> {
  const charset = page.contentType.charset ?? metaCharset(page.bytes);
  const html = decodeBody(page.bytes, charset === undefined ? page.contentType : { ...page.contentType, charset });
  if (nestsDeeperThan(html, maxNestingDepth))
    return toolFailure(
      `${page.url} nests its elements more than ${formatCount(maxNestingDepth)} levels deep, which is refused (such pages stall HTML parsers): fetch it with http_api to read its source.`,
    );
  const { load } = await import('cheerio/slim');
  return load(html);
}

/** The charset a document declares in its first kilobyte (`<meta charset>` or `http-equiv` content type). */
function metaCharset(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 1_024).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
}

export function pageIsHtml(page: FetchedPage): boolean {
  return (
    isHtml(page.contentType) ||
    (page.contentType.mediaType === '' &&
      /^\s*<(!doctype html|html)/i.test(page.bytes.subarray(0, 512).toString('latin1')))
  );
}

export function pageAsText(page: FetchedPage): string {
  return decodeBody(page.bytes, page.contentType);
}
