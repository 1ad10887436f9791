import { PineconeMemoryOptionsError } from './pinecone-memory-errors.js';

/**
 * `https://host[:port]` for a host as Pinecone's console and describe_index give it (a bare
 * name gets `https://`, as the client adds it), refusing what the client would mishandle:
 * another scheme, a user name or password (the value is then not quoted), a path, a query.
 */
export function pineconeHostUrl(host: string, setting: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? host : `https://${host}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    throw new PineconeMemoryOptionsError(
      `${setting} cannot be read as a host: give one such as orkeon-memories-abc123.svc.aped-4627-b74a.pinecone.io`,
    );
  }
  if (parsed.username !== '' || parsed.password !== '')
    throw new PineconeMemoryOptionsError(
      `${setting} carries a user name or password: give the host alone, and the key as Svc:Memory:Pinecone:ApiKey`,
    );
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new PineconeMemoryOptionsError(`${setting} '${host}' is not https:// (or http:// for Pinecone Local)`);
  if ((parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search !== '' || parsed.hash !== '')
    throw new PineconeMemoryOptionsError(
      `${setting} '${host}' has a path, query or fragment: give scheme, host and port only`,
    );
  return parsed.origin;
}
