import { APICallError } from 'ai';

/**
 * What went wrong with one model call, in words a person reads at a glance:
 * - `http`: the provider answered with an error status;
 * - `network`: the request did not get an answer (refused, reset, unknown host, …);
 * - `blocked-port`: the URL's port is one the fetch standard never connects to;
 * - `invalid-url`: the URL cannot be fetched at all;
 * - `other`: anything else, told by its own message.
 */
export type ModelCallFailureKind = 'http' | 'network' | 'blocked-port' | 'invalid-url' | 'other';

export interface ModelCallFailure {
  readonly kind: ModelCallFailureKind;
  /** Short and readable: `connection refused at http://127.0.0.1:5999/v1/chat/completions`, `HTTP 503: overloaded`. */
  readonly reason: string;
  /** Whether waiting and calling again may help: 408, 429, 5xx and network failures. */
  readonly retryable: boolean;
  readonly statusCode?: number;
  /** The provider's own words (`http`), the error's message (`other`), or the innermost error's message. */
  readonly detail: string;
  /** The request's URL, query left out. */
  readonly url?: string;
  /** The blocked port (`blocked-port`). */
  readonly port?: number;
  /** The system's error code of a network failure (`ECONNREFUSED`, …). */
  readonly networkCode?: string;
}

/** Undici's network-error messages for a URL it will never fetch; the rest of its failures may pass. */
const unfetchableUrl = new Set([
  'unknown scheme',
  'URL scheme must be a HTTP(S) scheme',
  'not implemented... yet...',
  'about scheme is not supported',
]);

const networkReasons: Readonly<Record<string, (url: string, host: string) => string>> = {
  ECONNREFUSED: (url) => `connection refused at ${url}`,
  ENOTFOUND: (url, host) => `host '${host}' not found (${url})`,
  EAI_AGAIN: (url, host) => `host '${host}' could not be looked up (${url})`,
  ECONNRESET: (url) => `connection reset by ${url}`,
  EPIPE: (url) => `connection closed by ${url}`,
  UND_ERR_SOCKET: (url) => `connection closed by ${url}`,
  ETIMEDOUT: (url) => `connecting to ${url} timed out`,
  UND_ERR_CONNECT_TIMEOUT: (url) => `connecting to ${url} timed out`,
  UND_ERR_HEADERS_TIMEOUT: (url) => `no answer from ${url} in time`,
  UND_ERR_BODY_TIMEOUT: (url) => `no answer from ${url} in time`,
};

/** Sorts a failed model call (an AI SDK `APICallError`, or what fetch threw) into what it means and whether to retry. */
export function classifyModelCallFailure(error: unknown): ModelCallFailure {
  const root = rootCause(error);
  const rootMessage = messageOf(root);
  const requestUrl = APICallError.isInstance(error) ? error.url : unparsedUrl(error);
  const url = requestUrl === undefined ? undefined : withoutQuery(requestUrl);
  const at = url === undefined ? {} : { url };
  if (isInvalidUrl(error, root)) {
    const shown = url ?? 'the URL';
    return {
      kind: 'invalid-url',
      reason: `${shown} is not an http:// or https:// URL`,
      retryable: false,
      detail: rootMessage,
      ...at,
    };
  }
  if (!APICallError.isInstance(error)) {
    const message = messageOf(error);
    return { kind: 'other', reason: message, retryable: false, detail: message };
  }
  const status = error.statusCode;
  if (status !== undefined) {
    const detail = providerReason(error);
    const retryable = error.isRetryable || status === 408 || status === 429 || status >= 500;
    return { kind: 'http', reason: `HTTP ${status}: ${detail}`, retryable, statusCode: status, detail, ...at };
  }
  if (rootMessage === 'bad port') {
    const port = url === undefined ? undefined : portOf(url);
    const which = port === undefined ? 'the port' : `port ${port}`;
    return {
      kind: 'blocked-port',
      reason: `${which} of ${url ?? 'the URL'} is blocked by fetch`,
      retryable: false,
      detail: rootMessage,
      ...at,
      ...(port === undefined ? {} : { port }),
    };
  }
  const networkCode = codeIn(error);
  const shown = url ?? 'the provider';
  const describe = networkCode === undefined ? undefined : networkReasons[networkCode];
  const reason =
    describe === undefined ? `cannot connect to ${shown}: ${rootMessage}` : describe(shown, hostOf(url) ?? shown);
  return {
    kind: 'network',
    reason,
    retryable: error.isRetryable,
    detail: rootMessage,
    ...at,
    ...(networkCode === undefined ? {} : { networkCode }),
  };
}

/** The provider's reason from its error body (OpenAI and Anthropic shapes), else the SDK's message. */
function providerReason(error: APICallError): string {
  try {
    const body = JSON.parse(error.responseBody ?? '') as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof body.error === 'object' && typeof body.error?.message === 'string') return body.error.message;
    if (typeof body.error === 'string') return body.error;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the SDK's own message says enough.
  }
  return error.message;
}

/** The innermost error of a `cause` chain: the one that says what happened at the socket or in the answer. */
export function rootCause(error: unknown): unknown {
  let root = error;
  for (const link of causeChain(error)) root = link.cause === undefined ? link : link.cause;
  return root;
}

/** The errors of a `cause` chain, outermost first, each once (a chain may loop). */
function* causeChain(error: unknown): Generator<Error> {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    yield current;
  }
}

function isInvalidUrl(error: unknown, root: unknown): boolean {
  // `new URL` in the provider, or in fetch itself, throws ERR_INVALID_URL before any request is made.
  return unfetchableUrl.has(messageOf(root)) || codeIn(error) === 'ERR_INVALID_URL';
}

/** The URL that did not parse, as `new URL` reports it. */
function unparsedUrl(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const input = (link as { input?: unknown }).input;
    if (typeof input === 'string') return input;
  }
  return undefined;
}

/** The first system error code (`ECONNREFUSED`, `ERR_INVALID_URL`, …) along the chain. */
function codeIn(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The URL as it may be shown: no query (where some providers take a key), no credentials. */
function withoutQuery(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  parsed.search = '';
  parsed.hash = '';
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

function portOf(url: string): number | undefined {
  if (!URL.canParse(url)) return undefined;
  const port = new URL(url).port;
  return port === '' ? undefined : Number(port);
}

function hostOf(url: string | undefined): string | undefined {
  return url !== undefined && URL.canParse(url) ? new URL(url).hostname : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
