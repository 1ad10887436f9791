import { A2AClientError } from './a2a-client-error.js';

/** Node and OpenSSL codes that mean the server certificate failed validation. */
const tlsErrorCodes = new Set([
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
]);

/** The TLS or network code of an error or of its causes (undici's own wrapper codes are looked through). */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (tlsErrorCodes.has(code) || depth > 0 || !code.startsWith('UND_ERR'))) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Turns what a call threw into an `A2AClientError`: time-out and abort first (they may
 * surface as any error), then a server certificate that failed validation, else the
 * agent could not be reached.
 */
export function classifyFailure(
  error: unknown,
  timeout: AbortSignal,
  signal: AbortSignal,
  url: string,
): A2AClientError {
  if (timeout.aborted) {
    return new A2AClientError('A2A_CLIENT_TIMEOUT', `The agent at ${url} did not answer in time.`, {
      url,
      cause: error,
    });
  }
  if (signal.aborted) {
    return new A2AClientError('A2A_CLIENT_ABORTED', `The call to ${url} was aborted.`, { url, cause: error });
  }
  const code = errorCode(error);
  if (code !== undefined && tlsErrorCodes.has(code)) {
    return new A2AClientError(
      'A2A_CLIENT_TLS_FAILED',
      `The server certificate of ${url} failed validation (${code}). List its CA in A2A:Security:TrustedCertificateAuthorities if it is a private CA; a host-name mismatch is never accepted.`,
      { url, cause: error },
    );
  }
  return new A2AClientError(
    'A2A_CLIENT_NETWORK_FAILED',
    `The agent at ${url} could not be reached${code === undefined ? '' : ` (${code})`}.`,
    { url, cause: error },
  );
}
