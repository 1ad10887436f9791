import { A2AClientError, A2AV1Client } from '@orkeon/a2a';
import { createTestCertificates, type TestCertificate, type TestCertificates } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SdkAgent, sdkAgentPaths, startSdkAgent } from './sdk-agent.js';

let certificates: TestCertificates;
const agents: SdkAgent[] = [];
const previous = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

beforeAll(async () => {
  certificates = await createTestCertificates();
  // What an operator may have left in the environment: Node's switch that turns certificate checks off.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
});

afterAll(async () => {
  if (previous === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previous;
  await Promise.all(agents.map((agent) => agent.close()));
  await certificates.remove();
});

async function httpsAgent(certificate: TestCertificate): Promise<SdkAgent> {
  const agent = await startSdkAgent({ tls: { key: certificate.keyPem, cert: certificate.chainPem } });
  agents.push(agent);
  return agent;
}

async function failure(promise: Promise<unknown>): Promise<A2AClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!A2AClientError.isInstance(error)) throw new Error(`expected an A2AClientError, got ${String(error)}`);
  return error;
}

const message = { messageId: 'm-tls', role: 'ROLE_USER' as const, parts: [{ text: 'echo the secret plan' }] };

describe('A2AV1Client over TLS, with NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment', () => {
  it('is really run with the checks switched off for Node itself', () => {
    expect(process.env.NODE_TLS_REJECT_UNAUTHORIZED).toBe('0');
  });

  it('refuses an agent whose CA is not trusted, before any request reaches it', async () => {
    const agent = await httpsAgent(certificates.server);
    const error = await failure(A2AV1Client.connect(agent.url, { security: { ClientBearerToken: 'tok-tls' } }));
    expect(error.code).toBe('A2A_CLIENT_TLS_FAILED');
    expect(error.message).toMatch(/TrustedCertificateAuthorities/);
    await using direct = new A2AV1Client({ url: `${agent.url}${sdkAgentPaths.rest}`, protocolBinding: 'HTTP+JSON' });
    expect((await failure(direct.sendMessage({ message }))).code).toBe('A2A_CLIENT_TLS_FAILED');
    expect(agent.seen).toEqual([]);
  });

  it('refuses a host-name mismatch even when the CA is trusted', async () => {
    const agent = await httpsAgent(certificates.wrongHostServer);
    const security = { TrustedCertificateAuthorities: [certificates.ca.certPath] };
    const error = await failure(A2AV1Client.connect(agent.url, { security }));
    expect(error.code).toBe('A2A_CLIENT_TLS_FAILED');
    expect(error.message).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
    expect(agent.seen).toEqual([]);
  });

  it.each(['JSONRPC', 'HTTP+JSON'] as const)(
    'with the CA trusted, calls the agent over %s and sends the credentials with task calls only',
    async (binding) => {
      const agent = await httpsAgent(certificates.server);
      const security = {
        TrustedCertificateAuthorities: [certificates.ca.certPath],
        ClientBearerToken: 'tok-tls',
        ClientApiKey: 'key-tls',
      };
      await using client = await A2AV1Client.connect(agent.url, { security, preferredBindings: [binding] });
      const result = await client.sendMessage({ message });
      expect(result).toMatchObject({ task: { status: { state: 'TASK_STATE_COMPLETED' } } });
      const [card, call] = agent.seen;
      expect(card?.path).toBe('/.well-known/agent-card.json');
      expect(card?.headers.authorization).toBeUndefined();
      expect(card?.headers['x-api-key']).toBeUndefined();
      expect(call?.headers).toMatchObject({
        authorization: 'Bearer tok-tls',
        'x-api-key': 'key-tls',
        'a2a-version': '1.0',
      });
    },
  );
});
