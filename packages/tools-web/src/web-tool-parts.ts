import type { HostResolver } from '@orkeon/core';
import { PageCache } from './cache/page-cache.js';
import { WebHttpClient } from './http/web-http-client.js';
import type { WebSettings } from './settings/web-settings.js';

/** What tools built one by one may share: one guarded client (one connection pool) and one page cache. */
export interface WebToolOptions {
  /** Default: a client built from the settings. */
  readonly client?: WebHttpClient;
  /** Default: a cache of its own, bounded by the settings. Share one so cache_search sees every tool's pages. */
  readonly cache?: PageCache;
  /** Resolves host names for the guard (tests map names to chosen addresses). Default: the system resolver. */
  readonly resolve?: HostResolver;
}

/** The guarded client the settings describe; `extraAllowedHosts` adds hosts for one service (its base URL). */
export function createWebHttpClient(
  settings: WebSettings,
  options: { readonly resolve?: HostResolver; readonly extraAllowedHosts?: readonly string[] } = {},
): WebHttpClient {
  return new WebHttpClient({
    guard: {
      allowedHosts: [...settings.AllowedHosts, ...(options.extraAllowedHosts ?? [])],
      allowedRanges: settings.AllowedRanges,
      ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
    },
    timeoutMilliseconds: settings.TimeoutSeconds * 1_000,
    maxResponseBytes: settings.MaxResponseBytes,
    maxRedirects: settings.MaxRedirects,
    userAgent: settings.UserAgent,
  });
}

export function createPageCache(settings: WebSettings): PageCache {
  return new PageCache({ maxCharacters: settings.CacheMaxCharacters, maxPages: settings.CacheMaxPages });
}

/** The allowed-host entry for a service's base URL: its host on its port. */
export function baseUrlHost(baseUrl: string): string {
  const url = new URL(baseUrl);
  const port = url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
  return `${url.hostname}:${port}`;
}

/** The time a tool gives the pipeline: the request's own limit stops first. */
export function toolTimeout(settings: WebSettings): number {
  return settings.TimeoutSeconds * 1_000 + 5_000;
}
