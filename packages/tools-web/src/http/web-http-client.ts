import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';
import { NetworkGuard, type NetworkGuardOptions, NetworkRefusedError } from '@orkeon/core';
import type { Dispatcher } from 'undici';
import { createGuardedAgent } from './guarded-agent.js';
import { readLimitedBody } from './response-body.js';

export interface WebHttpClientOptions {
  /** The guard every request and redirect crosses; or the options to build one. */
  readonly guard: NetworkGuard | NetworkGuardOptions;
  readonly timeoutMilliseconds: number;
  readonly maxResponseBytes: number;
  readonly maxRedirects: number;
  readonly userAgent: string;
}

export interface WebHttpRequest {
  readonly url: string;
  /** Default `GET`. */
  readonly method?: string;
  /** Checked by the caller (`requestHeadersProblem`). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
  readonly signal?: AbortSignal;
  /** Default: the client's limit. */
  readonly maxResponseBytes?: number;
}

export interface WebHttpResponse {
  /** The URL that answered, after redirects. */
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  /** Lower-case names; repeated headers joined with ', '. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body, decompressed, up to the limit. */
  readonly body: Buffer;
  /** True when the body was longer than the limit and only its start was read. */
  readonly cut: boolean;
  /** The URLs redirected to, in order. */
  readonly redirects: readonly string[];
}

/** What a request came to: a response (of any status), or a refusal or failure the tool answers. */
export type WebHttpOutcome =
  | { readonly ok: true; readonly response: WebHttpResponse }
  | { readonly ok: false; readonly denied: boolean; readonly message: string };

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const credentialHeaders = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * The HTTP client of the web tools: every request and every redirect crosses the
 * network guard (the URL before the request, the address when the socket opens),
 * redirects are followed by hand, the body is read up to a limit and the whole
 * exchange has one time limit. Refusals and failures are outcomes, never exceptions.
 */
export class WebHttpClient {
  readonly guard: NetworkGuard;
  readonly options: Omit<WebHttpClientOptions, 'guard'>;
  #dispatcher: Promise<Dispatcher> | undefined;

  constructor(options: WebHttpClientOptions) {
    this.guard = options.guard instanceof NetworkGuard ? options.guard : new NetworkGuard(options.guard);
    const { guard: _, ...rest } = options;
    this.options = rest;
  }

  /** The guarded undici dispatcher, made on first use (undici is loaded then). */
  dispatcher(): Promise<Dispatcher> {
    this.#dispatcher ??= createGuardedAgent(this.guard, {
      connectTimeoutMilliseconds: Math.min(this.options.timeoutMilliseconds, 10_000),
    });
    return this.#dispatcher;
  }

  /**
   * A WHATWG `fetch` over the guarded dispatcher, for service clients (Octokit, the AI
   * SDK, Slack): every connection, also one undici makes for a redirect, crosses the guard.
   */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const { fetch } = await import('undici');
    const dispatcher = await this.dispatcher();
    const signal = init?.signal ?? undefined;
    const timeout = AbortSignal.timeout(this.options.timeoutMilliseconds);
    const combined = signal === undefined || signal === null ? timeout : AbortSignal.any([signal, timeout]);
    const response = await fetch(input as never, { ...(init as object), dispatcher, signal: combined } as never);
    return response as unknown as Response;
  };

  async request(request: WebHttpRequest): Promise<WebHttpOutcome> {
    const timeout = AbortSignal.timeout(this.options.timeoutMilliseconds);
    const signal = request.signal === undefined ? timeout : AbortSignal.any([request.signal, timeout]);
    const limit = request.maxResponseBytes ?? this.options.maxResponseBytes;
    const redirects: string[] = [];
    let url = request.url;
    let method = (request.method ?? 'GET').toUpperCase();
    let body = request.body;
    let headers: Record<string, string> = {
      'user-agent': this.options.userAgent,
      'accept-encoding': 'gzip, deflate, br',
      ...lowerCaseNames(request.headers ?? {}),
    };
    try {
      const { request: send } = await import('undici');
      const dispatcher = await this.dispatcher();
      for (;;) {
        const checked = this.guard.checkUrl(url);
        if (!checked.ok) return { ok: false, denied: true, message: atHop(checked.message, redirects) };
        const response = await send(checked.value.url, {
          dispatcher,
          method: method as Dispatcher.HttpMethod,
          headers,
          signal,
          ...(body === undefined ? {} : { body }),
        });
        const location = headerText(response.headers.location);
        if (redirectStatuses.has(response.statusCode) && location !== undefined) {
          await response.body.dump();
          if (redirects.length >= this.options.maxRedirects)
            return {
              ok: false,
              denied: false,
              message: `Stopped after ${redirects.length} redirects (the limit, Svc:Tools:Web:MaxRedirects); the last pointed to ${location}.`,
            };
          if (!URL.canParse(location, url))
            return { ok: false, denied: false, message: `The server redirected to '${location}', which is not a URL.` };
          const next = new URL(location, url);
          if (
            response.statusCode === 303 ||
            ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')
          ) {
            method = method === 'HEAD' ? 'HEAD' : 'GET';
            body = undefined;
            headers = withoutNames(headers, ['content-type']);
          }
          if (next.origin !== new URL(url).origin) headers = withoutNames(headers, credentialHeaders);
          redirects.push(next.href);
          url = next.href;
          continue;
        }
        const encoding = headerText(response.headers['content-encoding']) ?? '';
        const read = await readLimitedBody(response.body as unknown as Readable, encoding, limit);
        return {
          ok: true,
          response: {
            url,
            status: response.statusCode,
            statusText: STATUS_CODES[response.statusCode] ?? '',
            headers: flattenHeaders(response.headers),
            body: read.bytes,
            cut: read.cut,
            redirects,
          },
        };
      }
    } catch (error) {
      return this.#failure(error, {
        timedOut: timeout.aborted,
        cancelled: request.signal?.aborted === true,
        url,
        redirects,
      });
    }
  }

  /** Closes the pooled connections. */
  async close(): Promise<void> {
    if (this.#dispatcher !== undefined) await (await this.#dispatcher).close();
  }

  #failure(
    error: unknown,
    state: { timedOut: boolean; cancelled: boolean; url: string; redirects: readonly string[] },
  ): WebHttpOutcome {
    const refusal = findRefusal(error);
    if (refusal !== undefined) return { ok: false, denied: true, message: atHop(refusal.message, state.redirects) };
    if (state.cancelled) return { ok: false, denied: false, message: 'The request was cancelled.' };
    if (state.timedOut)
      return {
        ok: false,
        denied: false,
        message: `The request to ${hostOf(state.url)} took longer than ${this.options.timeoutMilliseconds / 1_000} s (Svc:Tools:Web:TimeoutSeconds) and was stopped.`,
      };
    const code = (error as { code?: unknown }).code;
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    const reason = typeof code === 'string' ? code : typeof cause === 'string' ? cause : (error as Error).message;
    return { ok: false, denied: false, message: `Could not reach ${hostOf(state.url)}: ${reason}.` };
  }
}

function findRefusal(error: unknown): NetworkRefusedError | undefined {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    if (NetworkRefusedError.isInstance(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function atHop(message: string, redirects: readonly string[]): string {
  return redirects.length === 0 ? message : `After a redirect to ${redirects.at(-1)}: ${message}`;
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = headerText(value) ?? '';
  return flat;
}

function lowerCaseNames(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function withoutNames(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
}
