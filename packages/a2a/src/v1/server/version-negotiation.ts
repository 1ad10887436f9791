import { V1ProtocolError } from '../wire/protocol-error.js';
import { v1ProtocolVersion } from './agent-card-v1.js';

/**
 * The `A2A-Version` a request asks for: the header, else the `A2A-Version` query
 * parameter, else (as the specification says of a request without it) `0.3`. This server
 * speaks 1.0 on these interfaces; anything else is `VersionNotSupported`, naming the fix.
 */
export function negotiateVersion(header: string | string[] | undefined, query: unknown): string {
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim();
  const fromQuery =
    typeof query === 'object' && query !== null ? (query as Record<string, unknown>)['A2A-Version'] : undefined;
  const asked =
    fromHeader !== undefined && fromHeader !== '' ? fromHeader : typeof fromQuery === 'string' ? fromQuery.trim() : '';
  const version = asked === '' ? '0.3' : asked;
  if (version === v1ProtocolVersion) return version;
  throw new V1ProtocolError(
    'VersionNotSupported',
    `A2A version ${version}${asked === '' ? ' (no A2A-Version header, which means 0.3)' : ''} is not supported here: send A2A-Version: ${v1ProtocolVersion}.`,
    { requestedVersion: version, supportedVersions: v1ProtocolVersion },
  );
}
