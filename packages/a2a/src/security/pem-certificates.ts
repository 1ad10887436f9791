import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { A2ASecurityConfigurationError } from './a2a-security-errors.js';

const certificateBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every `CERTIFICATE` block of a PEM text, in order. */
export function pemCertificateBlocks(pem: string): string[] {
  return pem.match(certificateBlock) ?? [];
}

/** A CA list read from PEM files: the PEM texts (for TLS options) and the parsed certificates. */
export interface TrustedAuthorities {
  readonly pems: readonly string[];
  readonly certificates: readonly X509Certificate[];
}

/**
 * Reads the CA certificates of `TrustedCertificateAuthorities`. A file may hold several
 * certificates. A missing, unreadable or certificate-less file fails closed.
 */
export function readTrustedAuthorities(paths: readonly string[]): TrustedAuthorities {
  const pems: string[] = [];
  const certificates: X509Certificate[] = [];
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new A2ASecurityConfigurationError(
        `A2A:Security:TrustedCertificateAuthorities lists '${path}', which cannot be read. Fix the path or remove the entry.`,
        { cause: error, key: 'A2A:Security:TrustedCertificateAuthorities' },
      );
    }
    const blocks = pemCertificateBlocks(text);
    if (blocks.length === 0) {
      throw new A2ASecurityConfigurationError(
        `A2A:Security:TrustedCertificateAuthorities lists '${path}', which holds no PEM certificate ('-----BEGIN CERTIFICATE-----').`,
        { key: 'A2A:Security:TrustedCertificateAuthorities' },
      );
    }
    for (const block of blocks) {
      try {
        certificates.push(new X509Certificate(block));
      } catch (error) {
        throw new A2ASecurityConfigurationError(
          `A2A:Security:TrustedCertificateAuthorities: '${path}' holds a certificate that cannot be parsed.`,
          { cause: error, key: 'A2A:Security:TrustedCertificateAuthorities' },
        );
      }
      pems.push(block);
    }
  }
  return { pems, certificates };
}
