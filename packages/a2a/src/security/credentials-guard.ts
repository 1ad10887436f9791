import type { Logger } from '@orkeon/core';
import type { A2AAuthScheme } from './a2a-security-settings.js';
import { type CredentialVerdict, credentialIdentity, identifyCaller } from './caller-identity.js';
import type { CredentialValidator } from './credential-validator.js';
import { type A2ARequestGuard, isPublicPath, refuse } from './request-guard.js';

export interface CredentialsGuardOptions {
  /** The allowed schemes, each with its validator. */
  readonly validators: ReadonlyMap<A2AAuthScheme, CredentialValidator>;
  /** Header an API key may come in, besides `Authorization: ApiKey <key>`. */
  readonly apiKeyHeaderName: string;
  readonly logger: Logger;
}

interface PresentedCredential {
  readonly scheme: A2AAuthScheme;
  readonly value: string;
}

type Reading = { readonly credentials: PresentedCredential[]; readonly refusal?: string };

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function readCredentials(
  headers: Record<string, string | string[] | undefined>,
  options: CredentialsGuardOptions,
): Reading {
  const credentials: PresentedCredential[] = [];
  let refusal: string | undefined;
  const authorization = headerText(headers.authorization)?.trim();
  if (authorization !== undefined && authorization.length > 0) {
    const space = authorization.indexOf(' ');
    const scheme = space < 0 ? '' : authorization.slice(0, space).toLowerCase();
    const value = space < 0 ? '' : authorization.slice(space + 1).trim();
    const known = [...options.validators.keys()].find((name) => name.toLowerCase() === scheme);
    if (scheme.length === 0 || value.length === 0)
      refusal = 'malformed Authorization header (expected "<scheme> <credential>")';
    else if (known === undefined) refusal = 'authentication scheme not allowed';
    else credentials.push({ scheme: known, value });
  }
  if (options.validators.has('ApiKey')) {
    const key = headerText(headers[options.apiKeyHeaderName.toLowerCase()])?.trim();
    if (key !== undefined && key.length > 0) credentials.push({ scheme: 'ApiKey', value: key });
  }
  if (credentials.length === 0 && refusal === undefined) refusal = 'missing credentials';
  return refusal === undefined ? { credentials } : { credentials, refusal };
}

/**
 * The credentials guard: 401 unless the request carries a credential of an allowed scheme
 * that its validator accepts. `Authorization: <scheme> <credential>` is split at the first
 * space and the scheme is compared case-insensitively; an API key may also come in its
 * own header. The answer names the reason and never the credential.
 */
export function createCredentialsGuard(options: CredentialsGuardOptions): A2ARequestGuard {
  const challenge = [...options.validators.keys()].map((scheme) => `${scheme} realm="a2a"`).join(', ');
  return async (request, reply) => {
    if (isPublicPath(request.url)) return;
    const reading = readCredentials(request.headers, options);
    for (const credential of reading.credentials) {
      const validator = options.validators.get(credential.scheme);
      let verdict: CredentialVerdict = false;
      try {
        verdict = validator === undefined ? false : await validator(credential.value);
      } catch (error) {
        options.logger.warn({ err: error, scheme: credential.scheme }, 'A2A credential check failed');
      }
      if (verdict !== false) {
        identifyCaller(request.raw, credentialIdentity(credential.scheme, credential.value, verdict));
        return;
      }
    }
    const reason =
      reading.credentials.length > 0
        ? reading.credentials.some((credential) => credential.scheme === 'ApiKey')
          ? 'key rejected'
          : 'token rejected'
        : (reading.refusal ?? 'missing credentials');
    options.logger.warn({ url: request.url, reason }, 'A2A request refused: not authenticated');
    await refuse(
      reply,
      401,
      `Authentication required: ${reason}. Allowed schemes: ${[...options.validators.keys()].join(', ')}.`,
      {
        'www-authenticate': challenge,
      },
    );
  };
}
