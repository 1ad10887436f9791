import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTestCertificates, type TestCertificates } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2AAgentDiscovery, A2AClient, A2AClientError } from '../../src/client/index.js';
import type { A2ASecuritySettingsInput } from '../../src/security/index.js';
import { type HttpsAgent, startHttpsAgent } from './https-agent.js';

let certificates: TestCertificates;
let agent: HttpsAgent;
let url: string;

beforeAll(async () => {
  certificates = await createTestCertificates();
  agent = await startHttpsAgent(certificates.server, {
    RequireMutualTls: true,
    TrustedCertificateAuthorities: [certificates.ca.certPath],
  });
  url = `https://localhost:${agent.port}`;
});

afterAll(async () => {
  await agent.close();
  await certificates.remove();
});

const task = { skillId: 'echo', input: 'hi' };
const withCertificate = (path: string, password?: string): A2ASecuritySettingsInput => ({
  TrustedCertificateAuthorities: [certificates.ca.certPath],
  ClientCertificatePath: path,
  ...(password === undefined ? {} : { ClientCertificatePassword: password }),
});

function configurationError(security: A2ASecuritySettingsInput): A2AClientError {
  try {
    new A2AClient(url, { security });
  } catch (error) {
    if (A2AClientError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the client to refuse its settings');
}

describe('client certificate files that work', () => {
  it('presents leaf + intermediate from a PEM file to a server that trusts only the root', async () => {
    await using client = new A2AClient(url, { security: withCertificate(certificates.intermediateClient.pemPath) });
    expect(await client.send(task)).toMatchObject({ status: 'Completed' });
  });

  it('presents the same chain from a PKCS#12 bundle', async () => {
    const security = withCertificate(certificates.intermediateClient.pfxPath, certificates.password);
    await using client = new A2AClient(url, { security });
    expect(await client.send(task)).toMatchObject({ status: 'Completed' });
  });

  it('opens an encrypted PEM key with the right password', async () => {
    const security = withCertificate(certificates.client.encryptedPemPath, certificates.password);
    await using client = new A2AClient(url, { security });
    expect(await client.send(task)).toMatchObject({ status: 'Completed' });
  });
});

describe('unusable client certificate files are configuration errors, not network errors', () => {
  it('a PKCS#12 bundle with a wrong or missing password', () => {
    const wrong = configurationError(withCertificate(certificates.client.pfxPath, 'not-the-password'));
    expect(wrong.code).toBe('A2A_CLIENT_CONFIGURATION_INVALID');
    expect(wrong.message).toMatch(
      /PKCS#12 bundle that cannot be opened: A2A:Security:ClientCertificatePassword is wrong/,
    );
    const missing = configurationError(withCertificate(certificates.client.pfxPath));
    expect(missing.message).toMatch(/ClientCertificatePassword is not set/);
  });

  it('an encrypted PEM key with a wrong or missing password', () => {
    const wrong = configurationError(withCertificate(certificates.client.encryptedPemPath, 'not-the-password'));
    expect(wrong.code).toBe('A2A_CLIENT_CONFIGURATION_INVALID');
    expect(wrong.message).toMatch(
      /encrypted private key that cannot be decrypted: .*ClientCertificatePassword is wrong/,
    );
    expect(configurationError(withCertificate(certificates.client.encryptedPemPath)).message).toMatch(/is not set/);
  });

  it('a file that is neither PEM nor PKCS#12', async () => {
    const garbage = join(certificates.directory, 'garbage.bin');
    await writeFile(garbage, randomBytes(512));
    const error = configurationError(withCertificate(garbage, 'any'));
    expect(error.code).toBe('A2A_CLIENT_CONFIGURATION_INVALID');
    expect(error.message).toMatch(/neither a PEM file nor a PKCS#12 bundle that can be read/);
  });

  it('a PEM file whose key belongs to another certificate', async () => {
    const mismatched = join(certificates.directory, 'mismatched.pem');
    await writeFile(mismatched, `${certificates.client.certPem}${certificates.rogueClient.keyPem}`);
    expect(configurationError(withCertificate(mismatched)).message).toMatch(/does not belong to the first certificate/);
  });

  it('discovery reports them as A2A_CLIENT_CONFIGURATION_INVALID and never connects', async () => {
    const discovery = new A2AAgentDiscovery({ security: withCertificate(certificates.client.pfxPath, 'wrong') });
    const result = await discovery.discoverMany([url]);
    expect(result.failures.map((failure) => failure.error.code)).toEqual(['A2A_CLIENT_CONFIGURATION_INVALID']);
    expect(agent.seen.filter((request) => request.url === '/.well-known/agent.json')).toEqual([]);
  });
});
