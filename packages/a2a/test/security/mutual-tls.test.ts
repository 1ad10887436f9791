import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { captureLogger, createTestCertificates, type TestCertificate, type TestCertificates } from '@orkeon/testing';
import Fastify from 'fastify';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2ASecurityConfigurationError, createA2ASecurity } from '../../src/security/index.js';
import { type GuardedServer, startGuardedServer } from './tls-test-server.js';

let certificates: TestCertificates;
const servers: GuardedServer[] = [];
const agents: Agent[] = [];

beforeAll(async () => {
  certificates = await createTestCertificates();
});

afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await Promise.all(servers.map((server) => server.close()));
  await certificates.remove();
});

async function serve(settings: Parameters<typeof startGuardedServer>[0]): Promise<GuardedServer> {
  const server = await startGuardedServer(settings, captureLogger().logger, certificates);
  servers.push(server);
  return server;
}

async function get(url: string, client?: TestCertificate | { pfx: Buffer; passphrase: string }) {
  const connect =
    client === undefined
      ? { ca: certificates.ca.certPem }
      : 'pfx' in client && !('certPem' in client)
        ? { ca: certificates.ca.certPem, pfx: client.pfx, passphrase: client.passphrase }
        : {
            ca: certificates.ca.certPem,
            cert: (client as TestCertificate).certPem,
            key: (client as TestCertificate).keyPem,
          };
  const dispatcher = new Agent({ connect });
  agents.push(dispatcher);
  const response = await request(url, { dispatcher });
  return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
}

describe('mutual TLS with trusted CAs', () => {
  let server: GuardedServer;
  beforeAll(async () => {
    server = await serve({ RequireMutualTls: true, TrustedCertificateAuthorities: [certificates.ca.certPath] });
  });

  it('accepts a client certificate that chains to a trusted CA', async () => {
    const answer = await get(`${server.url}/a2a/tasks/t1`, certificates.client);
    expect(answer).toEqual({ status: 200, body: { taskId: 't1', status: 'Completed' } });
  });

  it('accepts the same certificate presented as PKCS#12', async () => {
    const answer = await get(`${server.url}/a2a/tasks/t1`, {
      pfx: certificates.client.pfx,
      passphrase: certificates.password,
    });
    expect(answer.status).toBe(200);
  });

  it('refuses a client certificate from another CA with a JSON 403', async () => {
    const answer = await get(`${server.url}/a2a/tasks/t1`, certificates.rogueClient);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/neither chains to a trusted CA nor matches a pinned thumbprint/);
  });

  it('refuses a request without a client certificate', async () => {
    const answer = await get(`${server.url}/a2a/tasks/t1`);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/no client certificate/);
  });

  it('refuses an expired certificate even though it chains to the trusted CA', async () => {
    const answer = await get(`${server.url}/a2a/tasks/t1`, certificates.expiredClient);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/validity period/);
  });

  it('leaves the agent card public', async () => {
    const answer = await get(`${server.url}/.well-known/agent.json`);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('securitySchemes');
  });
});

describe('mutual TLS with certificates issued by an intermediate CA', () => {
  let server: GuardedServer;
  beforeAll(async () => {
    server = await serve({ RequireMutualTls: true, TrustedCertificateAuthorities: [certificates.ca.certPath] });
  });
  const chainOf = (certificate: TestCertificate) => ({
    ...certificate,
    certPem: certificate.chainPem,
  });

  it('accepts leaf + intermediate (PEM) when only the root CA is trusted', async () => {
    const answer = await get(`${server.url}/a2a/tasks/t3`, chainOf(certificates.intermediateClient));
    expect(answer).toEqual({ status: 200, body: { taskId: 't3', status: 'Completed' } });
  });

  it('accepts the same chain from a PKCS#12 bundle', async () => {
    const answer = await get(`${server.url}/a2a/tasks/t3`, {
      pfx: certificates.intermediateClient.pfx,
      passphrase: certificates.password,
    });
    expect(answer.status).toBe(200);
  });

  it('refuses the leaf alone: the intermediate it needs was not sent and is not trusted', async () => {
    const answer = await get(`${server.url}/a2a/tasks/t3`, certificates.intermediateClient);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/neither chains to a trusted CA/);
  });

  it('refuses a rogue chain whose intermediate copies the trusted intermediate’s name', async () => {
    const answer = await get(`${server.url}/a2a/tasks/t3`, chainOf(certificates.rogueChainClient));
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/neither chains to a trusted CA/);
  });

  it('accepts the leaf alone when the intermediate itself is a trusted CA', async () => {
    const direct = await serve({
      RequireMutualTls: true,
      TrustedCertificateAuthorities: [certificates.intermediateCa.certPath],
    });
    expect((await get(`${direct.url}/a2a/tasks/t4`, certificates.intermediateClient)).status).toBe(200);
    expect((await get(`${direct.url}/a2a/tasks/t4`, certificates.client)).status).toBe(403);
  });
});

describe('mutual TLS with pinned thumbprints', () => {
  let server: GuardedServer;
  beforeAll(async () => {
    const pinned = certificates.rogueClient.thumbprint.toLowerCase().match(/../g)?.join(':') ?? '';
    server = await serve({
      RequireMutualTls: true,
      TrustedClientCertificateThumbprints: [pinned, certificates.expiredClient.thumbprint],
    });
  });

  it('accepts a pinned certificate, compared case-insensitively and with colons', async () => {
    expect((await get(`${server.url}/a2a/tasks/t2`, certificates.rogueClient)).status).toBe(200);
  });

  it('refuses a certificate that is not pinned when no CA is trusted', async () => {
    expect((await get(`${server.url}/a2a/tasks/t2`, certificates.client)).status).toBe(403);
  });

  it('refuses a pinned certificate outside its validity period', async () => {
    expect((await get(`${server.url}/a2a/tasks/t2`, certificates.expiredClient)).status).toBe(403);
  });
});

describe('fail-closed start', () => {
  const logger = captureLogger().logger;

  it('refuses to start with RequireMutualTls and no trust anchor', () => {
    expect(() => createA2ASecurity({ RequireMutualTls: true }, { logger })).toThrow(A2ASecurityConfigurationError);
    expect(() => createA2ASecurity({ RequireMutualTls: true }, { logger })).toThrow(/no trust anchor/);
  });

  it('refuses to start with a CA file that cannot be read or holds no certificate', async () => {
    const missing = join(certificates.directory, 'missing.crt');
    expect(() =>
      createA2ASecurity({ RequireMutualTls: true, TrustedCertificateAuthorities: [missing] }, { logger }),
    ).toThrow(/cannot be read/);
    const empty = join(certificates.directory, 'empty.crt');
    await writeFile(empty, 'not a certificate');
    expect(() =>
      createA2ASecurity({ RequireMutualTls: true, TrustedCertificateAuthorities: [empty] }, { logger }),
    ).toThrow(/holds no PEM certificate/);
  });

  it('asks for client certificates without rejecting at the handshake', () => {
    const security = createA2ASecurity(
      { RequireMutualTls: true, TrustedCertificateAuthorities: [certificates.ca.certPath] },
      { logger },
    );
    // No CA at the TLS layer: Node then reports the chain as the client sent it, intermediates included.
    expect(security.httpsOptions).toEqual({ requestCert: true, rejectUnauthorized: false, ca: [] });
    expect(security.guards).toHaveLength(1);
  });

  it('answers 403 on a plain-HTTP connection when mutual TLS is required', async () => {
    const security = createA2ASecurity(
      { RequireMutualTls: true, TrustedClientCertificateThumbprints: [certificates.client.thumbprint] },
      { logger },
    );
    const app = Fastify();
    for (const guard of security.guards) app.addHook('onRequest', guard);
    app.get('/a2a/tasks/:id', async () => ({ ok: true }));
    const answer = await app.inject({ url: '/a2a/tasks/x' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ error: 'A client certificate is required (mutual TLS).' });
    await app.close();
  });

  it('enforces nothing when nothing is configured', () => {
    const security = createA2ASecurity({}, { logger });
    expect(security.guards).toEqual([]);
    expect(security.httpsOptions).toBeUndefined();
  });
});
