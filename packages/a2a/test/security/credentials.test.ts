import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  A2ASecurityConfigurationError,
  type A2ASecurityOptions,
  type A2ASecuritySettingsInput,
  createA2ASecurity,
} from '../../src/security/index.js';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

let signing: KeyPair;
let stranger: KeyPair;
let jwks: Server;
let jwksUrl: string;
let folder: TemporaryDirectory;
let publicKeyPath: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  signing = await generateKeyPair('ES256');
  stranger = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(signing.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  jwks = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`;
  folder = await createTemporaryDirectory();
  publicKeyPath = join(folder.path, 'jwt-public.pem');
  await writeFile(publicKeyPath, await exportSPKI(signing.publicKey));
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await new Promise((resolve) => jwks.close(resolve));
  await folder.remove();
});

async function guardedApp(
  settings: A2ASecuritySettingsInput,
  options: Omit<A2ASecurityOptions, 'logger'> = {},
  logger = captureLogger().logger,
) {
  const security = createA2ASecurity(settings, { logger, ...options });
  await security.assertCanStart();
  const app = Fastify();
  for (const guard of security.guards) app.addHook('onRequest', guard);
  app.get('/.well-known/agent.json', async () => ({ name: 'open card' }));
  app.post('/a2a/tasks/send', async () => ({ taskId: 't', status: 'Completed' }));
  apps.push(app);
  return (headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/a2a/tasks/send', headers, payload: {} });
}

function jwt(options: { key?: KeyPair; audience?: string; issuer?: string; expires?: string | number } = {}) {
  return new SignJWT({ sub: 'agent-007' })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setIssuer(options.issuer ?? 'https://issuer.test')
    .setAudience(options.audience ?? 'orkeon-a2a')
    .setIssuedAt()
    .setExpirationTime(options.expires ?? '5m')
    .sign((options.key ?? signing).privateKey);
}

const bearerJwks = {
  AllowedAuthSchemes: ['Bearer' as const],
  Bearer: { Issuer: 'https://issuer.test', Audience: 'orkeon-a2a', JwksUrl: '' },
};

describe('Bearer JWT', () => {
  it('answers 401 with a JSON body and a challenge when no credential is sent', async () => {
    const send = await guardedApp({ ...bearerJwks, Bearer: { ...bearerJwks.Bearer, JwksUrl: jwksUrl } });
    const answer = await send();
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error).toMatch(/missing credentials/);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="a2a"');
  });

  it('accepts a JWT signed with a key of the JWKS and refuses a wrong audience, issuer, expiry or key', async () => {
    const send = await guardedApp({ ...bearerJwks, Bearer: { ...bearerJwks.Bearer, JwksUrl: jwksUrl } });
    expect((await send({ authorization: `Bearer ${await jwt()}` })).statusCode).toBe(200);
    expect((await send({ authorization: `bearer ${await jwt()}` })).statusCode).toBe(200);
    for (const token of [
      await jwt({ audience: 'someone-else' }),
      await jwt({ issuer: 'https://evil.test' }),
      await jwt({ expires: Math.floor(Date.parse('2020-01-01T00:00:00Z') / 1000) }),
      await jwt({ key: stranger }),
    ]) {
      const answer = await send({ authorization: `Bearer ${token}` });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error).toMatch(/token rejected/);
    }
  });

  it('accepts a JWT checked against a public key file', async () => {
    const send = await guardedApp({
      AllowedAuthSchemes: ['Bearer'],
      Bearer: { Issuer: 'https://issuer.test', Audience: 'orkeon-a2a', PublicKeyPath: publicKeyPath },
    });
    expect((await send({ authorization: `Bearer ${await jwt()}` })).statusCode).toBe(200);
    expect((await send({ authorization: `Bearer ${await jwt({ audience: 'x' })}` })).statusCode).toBe(401);
  });

  it('accepts a configured opaque token and refuses another one', async () => {
    const send = await guardedApp({ AllowedAuthSchemes: ['Bearer'], Bearer: { Tokens: ['opaque-token-1'] } });
    expect((await send({ authorization: 'Bearer opaque-token-1' })).statusCode).toBe(200);
    expect((await send({ authorization: 'Bearer opaque-token-2' })).statusCode).toBe(401);
  });
});

describe('ApiKey', () => {
  const settings: A2ASecuritySettingsInput = { AllowedAuthSchemes: ['ApiKey'], ApiKey: { Keys: ['key-one-123'] } };

  it('accepts a valid key in the X-API-Key header or as Authorization: ApiKey', async () => {
    const send = await guardedApp(settings);
    expect((await send({ 'x-api-key': 'key-one-123' })).statusCode).toBe(200);
    expect((await send({ authorization: 'ApiKey key-one-123' })).statusCode).toBe(200);
    expect((await send({ authorization: 'APIKEY key-one-123' })).statusCode).toBe(200);
  });

  it('refuses a wrong key, a malformed header and a scheme that is not allowed, without echoing them', async () => {
    const logs = captureLogger();
    const send = await guardedApp(settings, {}, logs.logger);
    const wrong = await send({ 'x-api-key': 'key-wrong-999' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatch(/key rejected/);
    expect(wrong.body).not.toContain('key-wrong-999');
    expect((await send({ authorization: 'ApiKey' })).json().error).toMatch(/malformed/);
    expect((await send({ authorization: 'Bearer key-one-123' })).json().error).toMatch(/scheme not allowed/);
    expect((await send({ authorization: 'Basic a2V5LW9uZS0xMjM=' })).statusCode).toBe(401);
    expect(logs.text()).not.toContain('key-wrong-999');
    expect(logs.text()).not.toContain('key-one-123');
  });

  it('honours a custom header name', async () => {
    const send = await guardedApp({
      AllowedAuthSchemes: ['ApiKey'],
      ApiKey: { HeaderName: 'X-Agent-Key', Keys: ['k-123456'] },
    });
    expect((await send({ 'x-agent-key': 'k-123456' })).statusCode).toBe(200);
    expect((await send({ 'x-api-key': 'k-123456' })).statusCode).toBe(401);
  });

  it('reads keys on every request, so rotation takes effect at once', async () => {
    let keys = ['old-key-0001'];
    const send = await guardedApp({ AllowedAuthSchemes: ['ApiKey'] }, { apiKeys: () => keys });
    expect((await send({ 'x-api-key': 'old-key-0001' })).statusCode).toBe(200);
    keys = ['new-key-0002'];
    expect((await send({ 'x-api-key': 'old-key-0001' })).statusCode).toBe(401);
    expect((await send({ 'x-api-key': 'new-key-0002' })).statusCode).toBe(200);
  });

  it('accepts either allowed scheme when both are listed', async () => {
    const send = await guardedApp({
      AllowedAuthSchemes: ['Bearer', 'ApiKey'],
      Bearer: { Tokens: ['tok-abcdef'] },
      ApiKey: { Keys: ['key-abcdef'] },
    });
    expect((await send({ authorization: 'Bearer tok-abcdef' })).statusCode).toBe(200);
    expect((await send({ 'x-api-key': 'key-abcdef' })).statusCode).toBe(200);
    const refused = await send();
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="a2a", ApiKey realm="a2a"');
  });
});

describe('public card and fail-closed start', () => {
  const logger = captureLogger().logger;

  it('leaves /.well-known/agent.json public', async () => {
    const security = createA2ASecurity({ AllowedAuthSchemes: ['ApiKey'], ApiKey: { Keys: ['k-000000'] } }, { logger });
    const app = Fastify();
    for (const guard of security.guards) app.addHook('onRequest', guard);
    app.get('/.well-known/agent.json', async () => ({ name: 'card' }));
    expect((await app.inject({ url: '/.well-known/agent.json' })).statusCode).toBe(200);
    await app.close();
  });

  it('refuses to start when a listed scheme has no validator', () => {
    expect(() => createA2ASecurity({ AllowedAuthSchemes: ['Bearer'] }, { logger })).toThrow(
      A2ASecurityConfigurationError,
    );
    expect(() => createA2ASecurity({ AllowedAuthSchemes: ['ApiKey'] }, { logger })).toThrow(/no key is configured/);
    expect(() =>
      createA2ASecurity(
        { AllowedAuthSchemes: ['Bearer'], Bearer: { JwksUrl: 'http://idp.example.com/jwks' } },
        { logger },
      ),
    ).toThrow(/https/);
    expect(() =>
      createA2ASecurity(
        { AllowedAuthSchemes: ['Bearer'], Bearer: { PublicKeyPath: join(folder.path, 'none.pem') } },
        { logger },
      ),
    ).toThrow(/PublicKeyPath/);
  });

  it('refuses to start when the key provider returns no key', async () => {
    const security = createA2ASecurity({ AllowedAuthSchemes: ['ApiKey'] }, { logger, apiKeys: () => [] });
    await expect(security.assertCanStart()).rejects.toThrow(/returned no key/);
  });

  it('refuses an unknown scheme name in the settings', () => {
    expect(() => createA2ASecurity({ AllowedAuthSchemes: ['Basic' as 'Bearer'] }, { logger })).toThrow();
  });
});
