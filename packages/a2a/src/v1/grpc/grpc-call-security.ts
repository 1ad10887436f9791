import type { TLSSocket } from 'node:tls';
import { serviceToken } from '@orkeon/core';
import type { A2ASecurityOptions } from '../../security/a2a-security.js';
import {
  type A2AAuthScheme,
  type A2ASecuritySettings,
  type A2ASecuritySettingsInput,
  resolveA2ASecuritySettings,
} from '../../security/a2a-security-settings.js';
import { certificateIdentity, credentialIdentity } from '../../security/caller-identity.js';
import type { ClientCertificateVerdict } from '../../security/client-certificate-verifier.js';
import { createCredentialValidators, createTrustedCertificateVerifier } from '../../security/credential-validators.js';
import { peerCertificateChain } from '../../security/mutual-tls-guard.js';

/** One gRPC call as the security checks see it. @experimental SVCEXP001 */
export interface A2AGrpcCaller {
  /** The first value of a metadata key (lower case), as text. */
  metadata(key: string): string | undefined;
  /** The TLS connection the call came on; `undefined` on plain TCP. */
  readonly socket: TLSSocket | undefined;
  /** The rpc, e.g. `/lf.a2a.v1.A2AService/GetTask`, for the log. */
  readonly method: string;
}

/**
 * Why a call is refused: `UNAUTHENTICATED` (no credential, or one not accepted; HTTP's
 * 401) or `PERMISSION_DENIED` (the client certificate; HTTP's 403).
 *
 * @experimental SVCEXP001
 */
export interface A2AGrpcRefusal {
  readonly status: 'UNAUTHENTICATED' | 'PERMISSION_DENIED';
  readonly message: string;
}

/** A call let through, and who made it (`identifyCaller`'s identities). @experimental SVCEXP001 */
export interface A2AGrpcAdmission {
  readonly identity: string;
}

/**
 * `A2A:Security` for the gRPC binding: mutual TLS first, then credentials, as the HTTP
 * guards check them.
 *
 * @experimental SVCEXP001
 */
export interface A2AGrpcCallSecurity {
  /** The settings in force (the binding rule of `assertSafeBinding` reads them). */
  readonly settings: A2ASecuritySettings;
  /**
   * Resolves why the call is refused, or admits it: with the caller's identity (the owner
   * of its tasks), or `undefined` for an anonymous caller. Never throws.
   */
  check(caller: A2AGrpcCaller): Promise<A2AGrpcRefusal | A2AGrpcAdmission | undefined>;
}

/** The gRPC binding's checks, registered by `addSvcA2A` when `A2A:GrpcPort` is set. @experimental SVCEXP001 */
export const A2AGrpcCallSecurityService = serviceToken<A2AGrpcCallSecurity>('A2AGrpcCallSecurity');

/**
 * Builds the gRPC side of `A2A:Security` with the parts the HTTP guards use: the client
 * certificate verifier (the chain the client sent, judged against
 * `TrustedCertificateAuthorities` and `TrustedClientCertificateThumbprints`) and the
 * bearer and API-key validators. Credentials come from the `authorization` metadata
 * (`Bearer <token>`, `ApiKey <key>`) or the API-key metadata (`ApiKey:HeaderName`, lower
 * case). Fails closed, like `createA2ASecurity`: mutual TLS without a trust anchor or a
 * listed scheme without a validator throws `A2ASecurityConfigurationError`.
 *
 * @experimental SVCEXP001
 */
export function createGrpcCallSecurity(
  input: A2ASecuritySettingsInput,
  options: A2ASecurityOptions,
): A2AGrpcCallSecurity {
  const settings = resolveA2ASecuritySettings(input);
  const { logger } = options;
  const verify = settings.RequireMutualTls
    ? createTrustedCertificateVerifier(settings, options, 'The gRPC binding')
    : undefined;
  const validators = createCredentialValidators(settings, options, 'The gRPC binding');
  const apiKeyMetadata = settings.ApiKey.HeaderName.toLowerCase();
  const allowed = [...validators.keys()].join(', ');

  const checkCertificate = (caller: A2AGrpcCaller): A2AGrpcRefusal | A2AGrpcAdmission | undefined => {
    if (verify === undefined) return undefined;
    let verdict: ClientCertificateVerdict;
    if (caller.socket === undefined) verdict = { accepted: false, reason: 'the connection is not TLS' };
    else {
      try {
        verdict = verify(peerCertificateChain(caller.socket));
      } catch (error) {
        logger.warn({ err: error }, 'A2A gRPC call refused: the client certificate could not be read');
        verdict = { accepted: false, reason: 'the client certificate could not be read' };
      }
    }
    if (verdict.accepted) return { identity: certificateIdentity(verdict.thumbprint) };
    logger.warn(
      { method: caller.method, reason: verdict.reason, thumbprint: verdict.thumbprint },
      'A2A gRPC call refused by mutual TLS',
    );
    return {
      status: 'PERMISSION_DENIED',
      message: `A client certificate is required (mutual TLS) and was refused: ${verdict.reason}.`,
    };
  };

  const checkCredentials = async (caller: A2AGrpcCaller): Promise<A2AGrpcRefusal | A2AGrpcAdmission | undefined> => {
    if (validators.size === 0) return undefined;
    const presented: { scheme: A2AAuthScheme; value: string }[] = [];
    let refusal: string | undefined;
    const authorization = caller.metadata('authorization')?.trim();
    if (authorization !== undefined && authorization !== '') {
      const space = authorization.indexOf(' ');
      const scheme = space < 0 ? '' : authorization.slice(0, space).toLowerCase();
      const value = space < 0 ? '' : authorization.slice(space + 1).trim();
      const known = [...validators.keys()].find((name) => name.toLowerCase() === scheme);
      if (scheme === '' || value === '')
        refusal = 'malformed authorization metadata (expected "<scheme> <credential>")';
      else if (known === undefined) refusal = 'authentication scheme not allowed';
      else presented.push({ scheme: known, value });
    }
    if (validators.has('ApiKey')) {
      const key = caller.metadata(apiKeyMetadata)?.trim();
      if (key !== undefined && key !== '') presented.push({ scheme: 'ApiKey', value: key });
    }
    for (const credential of presented) {
      try {
        const verdict = (await validators.get(credential.scheme)?.(credential.value)) ?? false;
        if (verdict !== false) return { identity: credentialIdentity(credential.scheme, credential.value, verdict) };
      } catch (error) {
        logger.warn({ err: error, scheme: credential.scheme }, 'A2A credential check failed');
      }
    }
    const reason =
      presented.length > 0
        ? presented.some((credential) => credential.scheme === 'ApiKey')
          ? 'key rejected'
          : 'token rejected'
        : (refusal ?? 'missing credentials');
    logger.warn({ method: caller.method, reason }, 'A2A gRPC call refused: not authenticated');
    return { status: 'UNAUTHENTICATED', message: `Authentication required: ${reason}. Allowed schemes: ${allowed}.` };
  };

  return {
    settings,
    // Mutual TLS first; a credential, when one is checked too, names the caller.
    check: async (caller) => {
      const certificate = checkCertificate(caller);
      if (certificate !== undefined && 'status' in certificate) return certificate;
      return (await checkCredentials(caller)) ?? certificate;
    },
  };
}
