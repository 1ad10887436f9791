import type { X509Certificate } from 'node:crypto';
import { certificateThumbprint, normalizeThumbprint } from './certificate-thumbprint.js';

/** Why a client certificate was refused, or that it was accepted and how. */
export type ClientCertificateVerdict =
  | { readonly accepted: true; readonly by: 'authority' | 'thumbprint'; readonly thumbprint: string }
  | { readonly accepted: false; readonly reason: string; readonly thumbprint?: string };

export interface ClientCertificateVerifierOptions {
  readonly authorities: readonly X509Certificate[];
  readonly thumbprints: readonly string[];
  /** The clock; default `Date.now`. */
  readonly now?: () => number;
}

/** Longest chain (leaf plus intermediates) walked before giving up. */
const maximumChainLength = 8;

/**
 * Judges a client certificate (leaf first, then any intermediates the client sent) on
 * its own, without trusting the TLS layer's verdict: the leaf must be inside its
 * validity window and either match a pinned SHA-256 thumbprint or chain, through valid
 * CA certificates whose signatures verify, to one of the trusted authorities.
 * Revocation is not checked.
 */
export function createClientCertificateVerifier(
  options: ClientCertificateVerifierOptions,
): (chain: readonly X509Certificate[]) => ClientCertificateVerdict {
  const pinned = new Set(options.thumbprints.map(normalizeThumbprint));
  const now = options.now ?? Date.now;
  return (chain) => {
    const leaf = chain[0];
    if (leaf === undefined) return { accepted: false, reason: 'no client certificate was presented' };
    const thumbprint = certificateThumbprint(leaf);
    const time = now();
    if (!isValidAt(leaf, time)) {
      return { accepted: false, reason: 'the client certificate is outside its validity period', thumbprint };
    }
    if (pinned.has(thumbprint)) return { accepted: true, by: 'thumbprint', thumbprint };
    if (chainsToAuthority(leaf, chain.slice(1), options.authorities, time)) {
      return { accepted: true, by: 'authority', thumbprint };
    }
    return {
      accepted: false,
      reason: 'the client certificate neither chains to a trusted CA nor matches a pinned thumbprint',
      thumbprint,
    };
  };
}

function isValidAt(certificate: X509Certificate, time: number): boolean {
  return Date.parse(certificate.validFrom) <= time && time <= Date.parse(certificate.validTo);
}

function issuedBy(subject: X509Certificate, issuer: X509Certificate): boolean {
  return subject.checkIssued(issuer) && subject.verify(issuer.publicKey);
}

function chainsToAuthority(
  leaf: X509Certificate,
  intermediates: readonly X509Certificate[],
  authorities: readonly X509Certificate[],
  time: number,
): boolean {
  let current = leaf;
  const used = new Set<X509Certificate>();
  for (let depth = 0; depth < maximumChainLength; depth += 1) {
    if (authorities.some((authority) => authority.ca && isValidAt(authority, time) && issuedBy(current, authority))) {
      return true;
    }
    const next = intermediates.find(
      (candidate) => !used.has(candidate) && candidate.ca && isValidAt(candidate, time) && issuedBy(current, candidate),
    );
    if (next === undefined || next.fingerprint256 === current.fingerprint256) return false;
    used.add(next);
    current = next;
  }
  return false;
}
