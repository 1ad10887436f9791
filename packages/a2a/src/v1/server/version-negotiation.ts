import { V1ProtocolError } from '../wire/protocol-error.js';
import { v1ProtocolVersion, v03ProtocolVersion } from './agent-card-v1.js';

/** The header, else the `A2A-Version` query parameter; `''` when the request names no version. */
function askedVersion(header: string | string[] | undefined, query: unknown): string {
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim();
  const fromQuery =
    typeof query === 'object' && query !== null ? (query as Record<string, unknown>)['A2A-Version'] : undefined;
  return fromHeader !== undefined && fromHeader !== ''
    ? fromHeader
    : typeof fromQuery === 'string'
      ? fromQuery.trim()
      : '';
}

/**
 * The `A2A-Version` a request asks for: the header, else the `A2A-Version` query
 * parameter, else (as the specification says of a request without it) `0.3`
 * (`v03ProtocolVersion`).
 */
export function requestedVersion(header: string | string[] | undefined, query: unknown): string {
  const asked = askedVersion(header, query);
  return asked === '' ? v03ProtocolVersion : asked;
}

/**
 * The version a request is served in: the one it asks for (`requestedVersion`), when the
 * binding speaks it. `supported` is `1.0` alone unless the binding also speaks 0.3 (the
 * JSON-RPC binding with `A2A:ServeV03`); anything else is `VersionNotSupported`, naming
 * the fix.
 */
export function negotiateVersion(
  header: string | string[] | undefined,
  query: unknown,
  supported: readonly string[] = [v1ProtocolVersion],
): string {
  const asked = askedVersion(header, query);
  const version = asked === '' ? v03ProtocolVersion : asked;
  if (supported.includes(version)) return version;
  throw new V1ProtocolError(
    'VersionNotSupported',
    `A2A version ${version}${asked === '' ? ' (no A2A-Version header, which means 0.3)' : ''} is not supported here: send A2A-Version: ${supported.join(' or ')}.`,
    { requestedVersion: version, supportedVersions: supported.join(', ') },
  );
}
