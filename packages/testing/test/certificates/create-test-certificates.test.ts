import { execFile } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createSecureContext } from 'node:tls';
import { promisify } from 'node:util';
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

  it('makes an intermediate chain that openssl verifies, and a rogue chain that it refuses', async () => {
    await using certificates = await createTestCertificates();
    const verify = (untrusted: string, leaf: string) =>
      promisify(execFile)('openssl', ['verify', '-CAfile', certificates.ca.certPath, '-untrusted', untrusted, leaf]);
    const leaf = certificates.intermediateClient;
    await expect(verify(certificates.intermediateCa.certPath, leaf.certPath)).resolves.toMatchObject({
      stdout: expect.stringContaining(': OK'),
    });
    await expect(
      verify(certificates.rogueIntermediateCa.certPath, certificates.rogueChainClient.certPath),
    ).rejects.toThrow();
    const intermediate = new X509Certificate(certificates.intermediateCa.certPem);
    expect(intermediate.ca).toBe(true);
    expect(new X509Certificate(certificates.rogueIntermediateCa.certPem).subject).toBe(intermediate.subject);
    expect(leaf.chainPem).toBe(`${leaf.certPem.trimEnd()}\n${certificates.intermediateCa.certPem}`);
    expect(await readFile(leaf.pemPath, 'utf8')).toBe(`${leaf.chainPem}${leaf.keyPem}`);
    expect(certificates.client.chainPem.trim()).toBe(certificates.client.certPem.trim());
    expect(
      new X509Certificate(certificates.rogueServer.certPem).checkIssued(
        new X509Certificate(certificates.rogueCa.certPem),
      ),
    ).toBe(true);
  });

  it('protects the PKCS#12 bundles and the encrypted PEM keys with the set password', async () => {
    await using certificates = await createTestCertificates();
    const encrypted = await readFile(certificates.client.encryptedPemPath, 'utf8');
    expect(encrypted).toContain('-----BEGIN ENCRYPTED PRIVATE KEY-----');
    const key =
      /-----BEGIN ENCRYPTED PRIVATE KEY-----[\s\S]+?-----END ENCRYPTED PRIVATE KEY-----/.exec(encrypted)?.[0] ?? '';
    expect(createPrivateKey({ key, passphrase: certificates.password }).asymmetricKeyType).toBe('ec');
    expect(() => createPrivateKey({ key, passphrase: 'wrong' })).toThrow();
    const pfx = certificates.intermediateClient.pfx;
    expect(() => createSecureContext({ pfx, passphrase: certificates.password })).not.toThrow();
    expect(() => createSecureContext({ pfx, passphrase: 'wrong' })).toThrow(/mac verify failure/);
  });
});
