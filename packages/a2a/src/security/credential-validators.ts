import { A2ASecurityConfigurationError } from './a2a-security-errors.js';
import type { A2ASecurityOptions } from './a2a-security-options.js';
import type { A2AAuthScheme, A2ASecuritySettings } from './a2a-security-settings.js';
import { createApiKeyValidator } from './api-key-validator.js';
import { createBearerValidator } from './bearer-validator.js';
import { createClientCertificateVerifier } from './client-certificate-verifier.js';
import type { CredentialValidator } from './credential-validator.js';
import { readTrustedAuthorities } from './pem-certificates.js';

/**
 * The validator of each scheme `A2A:Security:AllowedAuthSchemes` lists, the same for the
 * HTTP guards and the gRPC binding. Fails closed: a listed scheme nothing can check throws
 * `A2ASecurityConfigurationError`, saying that `who` (the server, the gRPC binding) refuses to start.
 */
export function createCredentialValidators(
  settings: A2ASecuritySettings,
  options: A2ASecurityOptions,
  who: string,
): Map<A2AAuthScheme, CredentialValidator> {
  const validators = new Map<A2AAuthScheme, CredentialValidator>();
  for (const scheme of new Set(settings.AllowedAuthSchemes)) {
    if (scheme === 'Bearer') {
      const validator = createBearerValidator(settings.Bearer, {
        logger: options.logger,
        ...(options.bearerTokens === undefined ? {} : { tokens: options.bearerTokens }),
      });
      if (validator === undefined)
        throw new A2ASecurityConfigurationError(
          `A2A:Security:AllowedAuthSchemes lists Bearer but nothing can check a bearer token: set A2A:Security:Bearer:JwksUrl or PublicKeyPath (JWT), or Bearer:Tokens (opaque tokens). ${who} refuses to start.`,
          { key: 'A2A:Security:Bearer' },
        );
      validators.set('Bearer', validator);
    } else {
      if (options.apiKeys === undefined && settings.ApiKey.Keys.length === 0)
        throw new A2ASecurityConfigurationError(
          `A2A:Security:AllowedAuthSchemes lists ApiKey but no key is configured: set A2A:Security:ApiKey:Keys or pass an apiKeys provider. ${who} refuses to start.`,
          { key: 'A2A:Security:ApiKey:Keys' },
        );
      validators.set('ApiKey', createApiKeyValidator(options.apiKeys ?? (() => settings.ApiKey.Keys)));
    }
  }
  return validators;
}

/**
 * The client certificate verifier of `A2A:Security:RequireMutualTls`, for the HTTP guard and
 * the gRPC binding. Fails closed without a trust anchor, saying that `who` refuses to start.
 */
export function createTrustedCertificateVerifier(
  settings: A2ASecuritySettings,
  options: A2ASecurityOptions,
  who: string,
): ReturnType<typeof createClientCertificateVerifier> {
  const authorities = readTrustedAuthorities(settings.TrustedCertificateAuthorities);
  if (authorities.certificates.length === 0 && settings.TrustedClientCertificateThumbprints.length === 0)
    throw new A2ASecurityConfigurationError(
      `A2A:Security:RequireMutualTls is true but no trust anchor is configured: list CA files in A2A:Security:TrustedCertificateAuthorities or pinned certificates in A2A:Security:TrustedClientCertificateThumbprints. ${who} refuses to start (fail-closed).`,
      { key: 'A2A:Security:RequireMutualTls' },
    );
  return createClientCertificateVerifier({
    authorities: authorities.certificates,
    thumbprints: settings.TrustedClientCertificateThumbprints,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
}
