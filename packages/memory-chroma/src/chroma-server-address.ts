import { ChromaMemoryOptionsError } from './chroma-memory-errors.js';

/** Where the ChromaDB server is, in the parts the chromadb client takes. */
export interface ChromaServerAddress {
  readonly host: string;
  readonly port: number;
  readonly ssl: boolean;
  /** `http://host:port`, for messages and logs. */
  readonly display: string;
}

/**
 * The host, port and scheme of a ChromaDB URL (`http://localhost:8000`). The client builds
 * its requests from these three alone, so a path, a query or a fragment would be lost:
 * they are refused, as are a user name and password (the URL is then never quoted).
 */
export function parseChromaUrl(url: string): ChromaServerAddress {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Quoted only when it cannot hold a password.
    const shown = url.includes('@') ? 'given' : `'${url.slice(0, 80)}'`;
    throw new ChromaMemoryOptionsError(`the URL ${shown} cannot be read: give one such as http://localhost:8000`);
  }
  if (parsed.username !== '' || parsed.password !== '')
    throw new ChromaMemoryOptionsError(
      'the URL carries a user name or password: leave them out and give the token as Svc:Memory:ChromaDb:AuthToken',
    );
  const ssl = parsed.protocol === 'https:';
  if (!ssl && parsed.protocol !== 'http:')
    throw new ChromaMemoryOptionsError(`the URL '${url}' is not http:// or https://`);
  if ((parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search !== '' || parsed.hash !== '')
    throw new ChromaMemoryOptionsError(
      `the URL '${url}' has a path, query or fragment, and the chromadb client reaches the server at host and port only: give scheme, host and port`,
    );
  const port = parsed.port === '' ? (ssl ? 443 : 80) : Number(parsed.port);
  return { host: parsed.hostname, port, ssl, display: `${parsed.protocol}//${parsed.hostname}:${port}` };
}
