import type { X509Certificate } from 'node:crypto';

/** A thumbprint in comparable form: uppercase hex, no colons or spaces. */
export function normalizeThumbprint(thumbprint: string): string {
  return thumbprint.replace(/[\s:]/g, '').toUpperCase();
}

/** The SHA-256 thumbprint of a certificate: uppercase hex without colons. */
export function certificateThumbprint(certificate: X509Certificate): string {
  return normalizeThumbprint(certificate.fingerprint256);
}
