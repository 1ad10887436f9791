import { parseContentType, type WebHttpClient, type WebHttpResponse } from '@orkeon/tools-web';
import {
  extensionOf,
  formatOfPath,
  formatsByMediaType,
  type RagDocumentFormat,
  supportedMediaTypes,
} from './document-format.js';
import { type DocumentText, documentText } from './document-text.js';
import type { RagDocument } from './rag-document.js';
import { RagLoadError } from './rag-load-error.js';

const accept =
  'text/html,application/xhtml+xml,application/pdf;q=0.9,text/markdown;q=0.9,text/plain;q=0.8,text/csv;q=0.8,*/*;q=0.1';

/** How the client words a redirect it stopped at (with `maxRedirects: 0`, every redirect). */
const stoppedRedirect = /^Stopped after \d+ redirects?\b.*?pointed to (.+?)\.?$/s;

const redirectFix = 'redirects are not followed: give the final URL';

/**
 * GETs a web page through the guarded client and turns it into a document. Redirects
 * are not followed (a source's URL is what citations name, and a redirect could lead
 * it somewhere else): any 3xx is refused with the address it pointed to. The format
 * comes from the content type (else, for a missing or generic type, the URL's extension).
 * A body cut at the client's size limit is refused rather than indexed half.
 */
export async function loadWebSource(
  url: string,
  sourceId: string,
  web: WebHttpClient | undefined,
  signal?: AbortSignal,
): Promise<RagDocument> {
  if (web === undefined)
    throw new RagLoadError(
      sourceId,
      'web sources need a web client: pass `web` (a WebHttpClient with maxRedirects 0) in the loading context.',
    );
  const outcome = await web.request({ url, headers: { accept }, ...(signal === undefined ? {} : { signal }) });
  if (!outcome.ok) {
    if (outcome.denied) throw new RagLoadError(sourceId, `the network guard refused the URL: ${outcome.message}`);
    const redirect = stoppedRedirect.exec(outcome.message);
    if (redirect !== null)
      throw new RagLoadError(
        sourceId,
        `the server answered with a redirect to ${absolute(redirect[1] ?? '', url)}; ${redirectFix}.`,
      );
    throw new RagLoadError(sourceId, `the page could not be fetched: ${outcome.message}`);
  }
  const response = outcome.response;
  checkResponse(response, url, sourceId, web.options.maxResponseBytes);
  const type = parseContentType(response.headers['content-type']);
  const format = formatOfAnswer(type.mediaType, url, sourceId);
  let content: DocumentText;
  try {
    content = await documentText(format, response.body, type.charset);
  } catch (error) {
    throw new RagLoadError(sourceId, `the page was read as ${format}, but ${(error as Error).message}`, {
      cause: error,
    });
  }
  return {
    sourceId,
    location: url,
    kind: 'web',
    format,
    text: content.text,
    ...(content.title === undefined ? {} : { title: content.title }),
  };
}

/** Refuses an answer that was redirected (a client allowing redirects), not 2xx, or cut at the size limit. */
function checkResponse(response: WebHttpResponse, url: string, sourceId: string, maxResponseBytes: number): void {
  const status = `${response.status}${response.statusText === '' ? '' : ` ${response.statusText}`}`;
  if (response.redirects.length > 0)
    throw new RagLoadError(sourceId, `the server redirected to ${response.redirects.at(-1)}; ${redirectFix}.`);
  if (response.status >= 300 && response.status <= 399) {
    const location = response.headers.location;
    throw new RagLoadError(
      sourceId,
      `the server answered ${status}${location === undefined ? '' : ` pointing to ${absolute(location, url)}`}; ${redirectFix}.`,
    );
  }
  if (response.status < 200 || response.status > 299)
    throw new RagLoadError(
      sourceId,
      `the server answered ${status}: check that the URL is right and the page is public, then load it again.`,
    );
  if (response.cut)
    throw new RagLoadError(
      sourceId,
      `the page is larger than the client's limit of ${maxResponseBytes} bytes and only its start arrived: raise maxResponseBytes, or load a smaller page.`,
    );
}

/** The format a media type names; for none or a generic one (`application/octet-stream`), the URL's extension's. */
function formatOfAnswer(mediaType: string, url: string, sourceId: string): RagDocumentFormat {
  const byType = formatsByMediaType[mediaType];
  if (byType !== undefined) return byType;
  const generic = mediaType === '' || mediaType === 'application/octet-stream' || mediaType === 'binary/octet-stream';
  const byExtension = generic && URL.canParse(url) ? formatOfPath(new URL(url).pathname) : undefined;
  if (byExtension !== undefined) return byExtension;
  const extension = URL.canParse(url) ? extensionOf(new URL(url).pathname) : '';
  throw new RagLoadError(
    sourceId,
    `the page is of type ${mediaType === '' ? '(none given)' : mediaType}${extension === '' ? '' : ` (${extension})`}, which is not loaded. Supported types: ${supportedMediaTypes}; link to a page in one of them.`,
  );
}

/** A redirect's target as a full URL (servers often send a path), so it can be given as the source. */
function absolute(location: string, base: string): string {
  return URL.canParse(location, base) ? new URL(location, base).href : location;
}
