import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createTestCertificates, type TestCertificates } from '@orkeon/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { A2AAgentDiscovery, A2AClient, A2AClientError } from '../../src/client/index.js';
import { type HttpsAgent, startHttpsAgent } from './https-agent.js';

let certificates: TestCertificates;
let impostor: HttpsAgent;
let wrongHost: HttpsAgent;
const previous = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

beforeAll(async () => {
  certificates = await createTestCertificates();
  impostor = await startHttpsAgent(certificates.rogueServer);
  wrongHost = await startHttpsAgent(certificates.wrongHostServer);
  // What an operator may have left in the environment: Node's switch that turns certificate checks off.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
});

afterEach(() => {
  impostor.seen.length = 0;
  wrongHost.seen.length = 0;
});

afterAll(async () => {
  if (previous === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previous;
  await impostor.close();
  await wrongHost.close();
  await certificates.remove();
});

async function failure(promise: Promise<unknown>): Promise<A2AClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!A2AClientError.isInstance(error)) throw new Error(`expected an A2AClientError, got ${String(error)}`);
  return error;
}

/** Everything a client could leak: the trusted CA, a client certificate, an API key. */
const security = () => ({
  TrustedCertificateAuthorities: [certificates.ca.certPath],
  ClientCertificatePath: certificates.client.pemPath,
  ClientApiKey: 'secret-agent-key',
});

describe('NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment', () => {
  it('is really set, so the checks below prove the client ignores it', () => {
    expect(process.env.NODE_TLS_REJECT_UNAUTHORIZED).toBe('0');
  });

  it('the client still refuses an untrusted chain, and the task and key never reach the impostor', async () => {
    await using client = new A2AClient(`https://localhost:${impostor.port}`, { security: security() });
    const error = await failure(client.send({ skillId: 'echo', input: 'the secret plan' }));
    expect(error.code).toBe('A2A_CLIENT_TLS_FAILED');
    expect(error.message).toMatch(/failed validation/);
    expect(impostor.seen).toEqual([]);
  });

  it('the client still refuses a host-name mismatch with a trusted CA', async () => {
    await using client = new A2AClient(`https://localhost:${wrongHost.port}`, { security: security() });
    const error = await failure(client.send({ skillId: 'echo', input: 'the secret plan' }));
    expect(error).toMatchObject({ code: 'A2A_CLIENT_TLS_FAILED' });
    expect(error.message).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
    expect(wrongHost.seen).toEqual([]);
  });

  it('discovery refuses both as well, without trusted CAs too', async () => {
    const urls = [`https://localhost:${impostor.port}`, `https://localhost:${wrongHost.port}`];
    for (const options of [{ security: security() }, {}]) {
      const result = await new A2AAgentDiscovery(options).discoverMany(urls);
      expect(result.agents).toEqual([]);
      expect(result.failures.map((entry) => entry.error.code)).toEqual([
        'A2A_CLIENT_TLS_FAILED',
        'A2A_CLIENT_TLS_FAILED',
      ]);
    }
    expect(impostor.seen).toEqual([]);
    expect(wrongHost.seen).toEqual([]);
  });
});

describe('a process started with NODE_TLS_REJECT_UNAUTHORIZED=0 and NODE_EXTRA_CA_CERTS naming the impostor’s CA', () => {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  const probe = fileURLToPath(new URL('./client-probe.ts', import.meta.url));

  const probeWith = async (settings: object) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--conditions=@orkeon/source',
        '--import',
        pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
        probe,
        `https://localhost:${impostor.port}`,
        JSON.stringify(settings),
      ],
      {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_TLS_REJECT_UNAUTHORIZED: '0',
          NODE_EXTRA_CA_CERTS: certificates.rogueCa.certPath,
        },
      },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as unknown;
  };

  it('weakens Node’s own fetch, but not A2AClient, with or without trusted CAs: the task never reaches the impostor', async () => {
    // fetch answering 200 shows the environment really is hostile; the client refuses all the same.
    expect(await probeWith(security())).toEqual({ client: 'A2A_CLIENT_TLS_FAILED', fetch: '200' });
    expect(await probeWith({})).toEqual({ client: 'A2A_CLIENT_TLS_FAILED', fetch: '200' });
    expect(impostor.seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /.well-known/agent.json',
      'GET /.well-known/agent.json',
    ]);
  });
});
