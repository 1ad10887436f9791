import { createTestCertificates, type TestCertificate, type TestCertificates } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2AClient, A2AClientError, type A2AClientOptions } from '../../src/client/index.js';
import type { A2ASecuritySettingsInput } from '../../src/security/index.js';
import { type HttpsAgent, startHttpsAgent } from './https-agent.js';

let certificates: TestCertificates;
const agents: HttpsAgent[] = [];
const clients: A2AClient[] = [];

beforeAll(async () => {
  certificates = await createTestCertificates();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all(agents.map((agent) => agent.close()));
  await certificates.remove();
});

/** An HTTPS agent on 127.0.0.1 presenting `serverCertificate`, guarded by `security`; resolves with its port. */
async function httpsAgent(
  serverCertificate: TestCertificate,
  security: A2ASecuritySettingsInput = {},
): Promise<number> {
  const agent = await startHttpsAgent(serverCertificate, security);
  agents.push(agent);
  return agent.port;
}

function client(url: string, options: A2AClientOptions = {}): A2AClient {
  const created = new A2AClient(url, options);
  clients.push(created);
  return created;
}

async function failure(promise: Promise<unknown>): Promise<A2AClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!A2AClientError.isInstance(error)) throw new Error(`expected an A2AClientError, got ${String(error)}`);
  return error;
}

describe('server certificate validation', () => {
  let port: number;
  let wrongHostPort: number;
  beforeAll(async () => {
    port = await httpsAgent(certificates.server);
    wrongHostPort = await httpsAgent(certificates.wrongHostServer);
  });

  it('refuses a server whose private CA is not trusted', async () => {
    const error = await failure(client(`https://localhost:${port}`).getAgentCard());
    expect(error.code).toBe('A2A_CLIENT_TLS_FAILED');
    expect(error.message).toMatch(/TrustedCertificateAuthorities/);
  });

  it('accepts a private CA listed in TrustedCertificateAuthorities, by name and by IP address', async () => {
    const security = { TrustedCertificateAuthorities: [certificates.ca.certPath] };
    expect((await client(`https://localhost:${port}`, { security }).getAgentCard()).name).toBe('tls-agent');
    expect((await client(`https://127.0.0.1:${port}`, { security }).getAgentCard()).name).toBe('tls-agent');
  });

  it('refuses a host-name mismatch even when the CA is trusted', async () => {
    const security = { TrustedCertificateAuthorities: [certificates.ca.certPath] };
    const error = await failure(client(`https://localhost:${wrongHostPort}`, { security }).getAgentCard());
    expect(error.code).toBe('A2A_CLIENT_TLS_FAILED');
    expect(error.message).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
  });

  it('refuses a server certificate from a CA other than the listed one', async () => {
    const security = { TrustedCertificateAuthorities: [certificates.rogueCa.certPath] };
    expect((await failure(client(`https://localhost:${port}`, { security }).getAgentCard())).code).toBe(
      'A2A_CLIENT_TLS_FAILED',
    );
  });
});

describe('client certificate and credentials end to end', () => {
  let port: number;
  beforeAll(async () => {
    port = await httpsAgent(certificates.server, {
      RequireMutualTls: true,
      TrustedCertificateAuthorities: [certificates.ca.certPath],
      AllowedAuthSchemes: ['ApiKey'],
      ApiKey: { Keys: ['agent-key-1'] },
    });
  });
  const task = { skillId: 'echo', input: 'hi' };
  const trust = () => [certificates.ca.certPath];

  it('presents a PEM certificate from ClientCertificatePath and sends the API key', async () => {
    const security = {
      TrustedCertificateAuthorities: trust(),
      ClientCertificatePath: certificates.client.pemPath,
      ClientApiKey: 'agent-key-1',
    };
    expect((await client(`https://localhost:${port}`, { security }).send(task)).status).toBe('Completed');
  });

  it('presents a PKCS#12 bundle, detected by content, with its password', async () => {
    const security = {
      TrustedCertificateAuthorities: trust(),
      ClientCertificatePath: certificates.client.pfxPath,
      ClientCertificatePassword: certificates.password,
      ClientApiKey: 'agent-key-1',
    };
    expect((await client(`https://localhost:${port}`, { security }).send(task)).status).toBe('Completed');
  });

  it('gets a typed 403 with a rogue certificate and a typed 401 without the key', async () => {
    const rogue = {
      TrustedCertificateAuthorities: trust(),
      ClientCertificatePath: certificates.rogueClient.pemPath,
      ClientApiKey: 'agent-key-1',
    };
    const refused = await failure(client(`https://localhost:${port}`, { security: rogue }).send(task));
    expect(refused).toMatchObject({ code: 'A2A_CLIENT_STATUS_UNSUCCESSFUL', status: 403 });
    expect(refused.serverError).toMatch(/Client certificate refused/);
    const keyless = { TrustedCertificateAuthorities: trust(), ClientCertificatePath: certificates.client.pemPath };
    expect(await failure(client(`https://localhost:${port}`, { security: keyless }).send(task))).toMatchObject({
      status: 401,
    });
  });

  it('refuses unusable client certificate settings before any call', () => {
    expect(() =>
      client(`https://localhost:${port}`, { security: { ClientCertificatePath: certificates.client.certPath } }),
    ).toThrow(/PRIVATE KEY/);
    expect(() =>
      client(`https://localhost:${port}`, { security: { ClientCertificatePath: '/nonexistent/c.p12' } }),
    ).toThrow(/cannot be read/);
  });
});
