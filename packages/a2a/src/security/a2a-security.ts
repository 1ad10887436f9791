import { A2ASecurityConfigurationError } from './a2a-security-errors.js';
import type { A2ASecurityOptions } from './a2a-security-options.js';
import {
  type A2ASecuritySettings,
  type A2ASecuritySettingsInput,
  resolveA2ASecuritySettings,
} from './a2a-security-settings.js';
import { createCredentialValidators, createTrustedCertificateVerifier } from './credential-validators.js';
import { createCredentialsGuard } from './credentials-guard.js';
import { createMutualTlsGuard } from './mutual-tls-guard.js';
import type { A2ARequestGuard } from './request-guard.js';

export type { A2ASecurityOptions } from './a2a-security-options.js';

/**
 * TLS options the HTTPS server must merge with its own key and certificate when mutual
 * TLS is required: ask every client for a certificate but do not reject at the
 * handshake, so the mutual-TLS guard answers a JSON 403.
 *
 * @experimental SVCEXP001
 */
export interface A2AServerTlsOptions {
  readonly requestCert: true;
  readonly rejectUnauthorized: false;
  /**
   * Always empty: the TLS layer trusts no CA, so Node reports the chain exactly as the
   * client sent it (leaf and intermediates) and the guard judges it against
   * `TrustedCertificateAuthorities`. With trusted CAs here, Node reports the leaf alone
   * once it has verified the chain, and an intermediate could not be checked.
   */
  readonly ca: string[];
}

/** @experimental SVCEXP001 */
export interface A2ASecurity {
  /** `onRequest` guards in order (mutual TLS first, then credentials); empty when nothing is enforced. */
  readonly guards: readonly A2ARequestGuard[];
  /** Present when mutual TLS is required. */
  readonly httpsOptions?: A2AServerTlsOptions;
  /** The settings in force. */
  readonly settings: A2ASecuritySettings;
  /** Throws `A2ASecurityConfigurationError` when an allowed scheme cannot accept anything right now. */
  assertCanStart(): Promise<void>;
}

/**
 * Builds the server side of `A2A:Security`. Fails closed: mutual TLS without a trust
 * anchor, an allowed scheme without a validator, or an unreadable CA or key file throws
 * `A2ASecurityConfigurationError` here, before the server listens.
 *
 * @experimental SVCEXP001
 */
export function createA2ASecurity(input: A2ASecuritySettingsInput, options: A2ASecurityOptions): A2ASecurity {
  const settings = resolveA2ASecuritySettings(input);
  const logger = options.logger;
  const guards: A2ARequestGuard[] = [];
  let httpsOptions: A2AServerTlsOptions | undefined;

  if (settings.RequireMutualTls) {
    const verify = createTrustedCertificateVerifier(settings, options, 'The server');
    guards.push(createMutualTlsGuard(verify, logger));
    httpsOptions = { requestCert: true, rejectUnauthorized: false, ca: [] };
  }

  const validators = createCredentialValidators(settings, options, 'The server');
  const apiKeys = options.apiKeys ?? (() => settings.ApiKey.Keys);
  if (validators.size > 0) {
    guards.push(createCredentialsGuard({ validators, apiKeyHeaderName: settings.ApiKey.HeaderName, logger }));
  }

  const assertCanStart = async (): Promise<void> => {
    if (validators.has('ApiKey') && (await apiKeys()).filter((key) => key.length > 0).length === 0) {
      throw new A2ASecurityConfigurationError(
        'A2A:Security:AllowedAuthSchemes lists ApiKey but the key source returned no key. The server refuses to start.',
        { key: 'A2A:Security:ApiKey:Keys' },
      );
    }
  };

  logger.debug(
    {
      requireMutualTls: settings.RequireMutualTls,
      schemes: [...validators.keys()],
      trustedAuthorities: settings.TrustedCertificateAuthorities.length,
    },
    'A2A security configured',
  );
  return httpsOptions === undefined
    ? { guards, settings, assertCanStart }
    : { guards, httpsOptions, settings, assertCanStart };
}
