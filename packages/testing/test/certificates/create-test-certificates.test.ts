import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestCertificates } from '../../src/index.js';

describe('createTestCertificates', () => {
  it('makes CAs, server and client certificates in PEM and PKCS#12 forms, and removes them', async () => {
    const certificates = await createTestCertificates();
    const server = new X509Certificate(certificates.server.certPem);
    const ca = new X509Certificate(certificates.ca.certPem);
    expect(server.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1');
    expect(server.checkIssued(ca) && server.verify(ca.publicKey)).toBe(true);
    expect(new X509Certificate(certificates.wrongHostServer.certPem).subjectAltName).toBe('DNS:wrong-host.test');
    const rogue = new X509Certificate(certificates.rogueClient.certPem);
    expect(rogue.checkIssued(ca)).toBe(false);
    expect(rogue.verify(new X509Certificate(certificates.rogueCa.certPem).publicKey)).toBe(true);
    const expired = new X509Certificate(certificates.expiredClient.certPem);
    expect(Date.parse(expired.validTo)).toBe(Date.parse('2020-01-02T00:00:00Z'));
    expect(expired.verify(ca.publicKey)).toBe(true);
    expect(certificates.client.thumbprint).toMatch(/^[0-9A-F]{64}$/);
    expect(certificates.client.thumbprint).toBe(
      new X509Certificate(certificates.client.certPem).fingerprint256.replaceAll(':', ''),
    );
    expect(createPrivateKey(certificates.client.keyPem).asymmetricKeyType).toBe('ec');
    expect(certificates.client.pfx.length).toBeGreaterThan(0);
    await certificates.remove();
    expect(existsSync(certificates.directory)).toBe(false);
  });
});
