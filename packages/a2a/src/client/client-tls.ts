import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { A2ASecuritySettings } from '../security/a2a-security-settings.js';
import { pemCertificateBlocks, readTrustedAuthorities } from '../security/pem-certificates.js';
import { A2AClientError } from './a2a-client-error.js';

/**
 * The TLS options of the client's connections. There is deliberately no
 * `rejectUnauthorized` and no `checkServerIdentity`: Node's full validation (chain to
 * a trusted root, validity dates, host name) always applies.
 */
export interface A2AClientTlsOptions {
  /** System roots plus `TrustedCertificateAuthorities`; absent when no CA is configured (system roots apply). */
  readonly ca?: string[];
  readonly cert?: string;
  readonly key?: string;
  readonly pfx?: Buffer;
  readonly passphrase?: string;
}

const privateKeyBlock =
  /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/;

function configurationError(message: string, cause?: unknown): A2AClientError {
  return new A2AClientError('A2A_CLIENT_CONFIGURATION', message, cause === undefined ? {} : { cause });
}

/**
 * Builds the client TLS options from `A2A:Security`: the listed CAs are added to the
 * system roots (they vouch for a private chain, never for a wrong host name), and the
 * certificate at `ClientCertificatePath` is presented, read as PEM when the file holds
 * PEM blocks and as PKCS#12 otherwise.
 */
export function clientTlsOptions(settings: A2ASecuritySettings): A2AClientTlsOptions {
  const options: { -readonly [K in keyof A2AClientTlsOptions]: A2AClientTlsOptions[K] } = {};
  if (settings.TrustedCertificateAuthorities.length > 0) {
    let pems: readonly string[];
    try {
      pems = readTrustedAuthorities(settings.TrustedCertificateAuthorities).pems;
    } catch (error) {
      throw configurationError(error instanceof Error ? error.message : String(error), error);
    }
    options.ca = [...rootCertificates, ...pems];
  }
  const path = settings.ClientCertificatePath;
  if (path !== undefined) {
    let content: Buffer;
    try {
      content = readFileSync(path);
    } catch (error) {
      throw configurationError(`A2A:Security:ClientCertificatePath '${path}' cannot be read.`, error);
    }
    const text = content.toString('latin1');
    if (text.includes('-----BEGIN')) {
      const certificates = pemCertificateBlocks(text);
      const key = privateKeyBlock.exec(text)?.[0];
      if (certificates.length === 0 || key === undefined) {
        throw configurationError(
          `A2A:Security:ClientCertificatePath '${path}' is a PEM file but lacks ${certificates.length === 0 ? 'a CERTIFICATE block' : 'a PRIVATE KEY block'}: put the certificate (and any intermediates) and its key in one file, or use a PKCS#12 bundle.`,
        );
      }
      options.cert = certificates.join('\n');
      options.key = key;
    } else {
      options.pfx = content;
    }
    if (settings.ClientCertificatePassword !== undefined) options.passphrase = settings.ClientCertificatePassword;
  }
  return options;
}
