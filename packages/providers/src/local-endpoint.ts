/** Docker Model Runner's address inside containers; it serves local models and takes no key. */
export const dockerModelRunnerHost = 'model-runner.docker.internal';

/** True for `localhost` (and `*.localhost`), `127.0.0.0/8` and `::1`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  return /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * True when the endpoint runs on this machine (loopback) or is Docker Model Runner:
 * such servers take no API key, so none is required for them.
 */
export function isKeylessEndpoint(baseUrl: string | undefined): boolean {
  const url = parseUrl(baseUrl);
  if (url === undefined) return false;
  return isLoopbackHost(url.hostname) || url.hostname.toLowerCase() === dockerModelRunnerHost;
}

/** The URL, or `undefined` when absent or not an absolute URL. */
export function parseUrl(text: string | undefined): URL | undefined {
  return text !== undefined && URL.canParse(text) ? new URL(text) : undefined;
}
