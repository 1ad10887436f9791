import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateAgentCardSignature, verifyAgentCardSignature } from '@a2a-js/sdk';
import { Configuration, ServiceCollection } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  A2AClientError,
  A2AV1AgentDiscovery,
  AgentDirectory,
  a2aSettings,
  addSvcA2A,
  canonicalCardPayload,
  loadCardSigningKey,
  sharedAgentRegistrationStore,
  signAgentCard,
  trustedCardKeys,
  verifyAgentCard,
} from '../../src/index.js';
import { startTestHost, type TestHost } from '../server/a2a-test-host.js';

let folder: TemporaryDirectory;
let host: TestHost | undefined;
const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const ed25519 = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });

beforeEach(async () => {
  folder = await createTemporaryDirectory();
  sharedAgentRegistrationStore.clear();
  new AgentDirectory().register({
    id: 'summarize',
    name: 'Summarize',
    description: 'Summarises a text',
    tags: ['text'],
    kind: 'local',
    handler: async () => 'short',
  });
});
afterEach(async () => {
  await host?.close();
  host = undefined;
  await folder.remove();
});

async function keyFile(name: string, key: KeyObject): Promise<string> {
  const path = join(folder.path, name);
  await writeFile(path, key.export({ type: 'pkcs8', format: 'pem' }));
  return path;
}

async function servedCard(): Promise<{ card: Record<string, unknown>; etag: string | null }> {
  const response = await fetch(`${host?.url}/.well-known/agent-card.json`, { headers: { 'a2a-version': '1.0' } });
  return { card: (await response.json()) as Record<string, unknown>, etag: response.headers.get('etag') };
}

const sampleCard = {
  name: 'Agent',
  description: 'Does things',
  version: '1.0.0',
  supportedInterfaces: [{ url: 'http://127.0.0.1:1/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  capabilities: { streaming: true },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 's', name: 'S', description: 'A skill', tags: ['a'] }],
};
const signing = { key: p256.privateKey, algorithm: 'ES256', keyId: 'card-key-1' };

describe('agent card signatures', () => {
  it('sign and verify: a changed card, another key, an unknown kid and no signature are refused, each with why', async () => {
    const signed = await signAgentCard(sampleCard, signing);
    expect(signed.signatures).toHaveLength(1);
    const keys = trustedCardKeys({ 'card-key-1': p256.publicKey });
    expect(await verifyAgentCard(signed, keys)).toBe('card-key-1');
    // Key order and unset fields do not change what is signed.
    const reordered = JSON.parse(JSON.stringify({ ...signed, iconUrl: '', skills: signed.skills }));
    expect(await verifyAgentCard(reordered, keys)).toBe('card-key-1');
    await expect(verifyAgentCard({ ...signed, description: 'Does other things' }, keys)).rejects.toThrow(
      /signature 1: .*signature verification failed/,
    );
    await expect(verifyAgentCard(signed, trustedCardKeys({ 'card-key-1': other.publicKey }))).rejects.toThrow(
      /signature verification failed/,
    );
    await expect(verifyAgentCard(signed, trustedCardKeys({ elsewhere: p256.publicKey }))).rejects.toThrow(
      "key 'card-key-1' is not trusted",
    );
    await expect(verifyAgentCard(sampleCard, keys)).rejects.toThrow('the card carries no signature');
    const header = JSON.parse(Buffer.from(signed.signatures[0]?.protected ?? '', 'base64url').toString());
    expect(header).toEqual({ alg: 'ES256', kid: 'card-key-1', typ: 'JOSE' });
    expect(new TextDecoder().decode(canonicalCardPayload(signed))).not.toContain('signatures');
  });

  it('the served card is signed (ES256 and EdDSA), keeps its ETag, and the SDK verifies it; the SDK signs what we verify', async () => {
    host = await startTestHost({
      settings: { CardSigning: { KeyPath: await keyFile('card.pem', p256.privateKey), KeyId: 'orkeon-card' } },
    });
    const first = await servedCard();
    const second = await servedCard();
    expect(second.etag).toBe(first.etag);
    expect(second.card.signatures).toEqual(first.card.signatures);
    await verifyAgentCardSignature(async () => p256.publicKey)(first.card as never);
    expect(await verifyAgentCard(first.card, trustedCardKeys({ 'orkeon-card': p256.publicKey }))).toBe('orkeon-card');
    await host.close();

    host = await startTestHost({
      settings: { CardSigning: { KeyPath: await keyFile('ed.pem', ed25519.privateKey), KeyId: 'ed-card' } },
    });
    const ed = await servedCard();
    const header = JSON.parse(
      Buffer.from((ed.card.signatures as { protected: string }[])[0]?.protected ?? '', 'base64url').toString(),
    );
    expect(header.alg).toBe('EdDSA');
    await verifyAgentCardSignature(async () => ed25519.publicKey)(ed.card as never);

    const { signatures: _, ...unsigned } = ed.card;
    const bySdk = await generateAgentCardSignature(p256.privateKey, { alg: 'ES256', kid: 'sdk-key', typ: 'JOSE' })(
      unsigned as never,
    );
    expect(await verifyAgentCard(bySdk as never, trustedCardKeys({ 'sdk-key': p256.publicKey }))).toBe('sdk-key');
  });

  it('our client takes a card signed with a trusted key and refuses an unsigned one or one signed by another', async () => {
    host = await startTestHost({
      settings: { CardSigning: { KeyPath: await keyFile('card.pem', p256.privateKey), KeyId: 'orkeon-card' } },
    });
    const trusted = new A2AV1AgentDiscovery({ cardKeys: trustedCardKeys({ 'orkeon-card': p256.publicKey }) });
    const agent = await trusted.discover(host.url);
    expect(agent.kind).toBe('v1');
    const wrongKey = new A2AV1AgentDiscovery({ cardKeys: trustedCardKeys({ 'orkeon-card': other.publicKey }) });
    const refused = await wrongKey.discover(host.url).catch((error: unknown) => error);
    expect(A2AClientError.isInstance(refused) && refused.code).toBe('A2A_CLIENT_CARD_UNTRUSTED');
    expect((refused as Error).message).toContain('signature verification failed');
    await host.close();

    host = await startTestHost({});
    const unsigned = await trusted.discover(host.url).catch((error: unknown) => error);
    expect((unsigned as A2AClientError).code).toBe('A2A_CLIENT_CARD_UNTRUSTED');
    expect((unsigned as Error).message).toContain('the card carries no signature');
  });

  it('a key that cannot sign stops the registration, naming the file and the fix', async () => {
    const register = (CardSigning: Record<string, string>) => () =>
      addSvcA2A(
        new ServiceCollection(),
        Configuration.fromObject({ A2A: { EnableServer: true, Host: '127.0.0.1', Port: 0, CardSigning } }, [
          a2aSettings,
        ]),
        { acknowledgeExperimental: true },
      );
    const junk = join(folder.path, 'junk.pem');
    await writeFile(junk, 'not a key');
    expect(register({ KeyPath: junk, KeyId: 'k' })).toThrow(
      /A2A:CardSigning:KeyPath '.*junk.pem' is not a readable PEM private key/,
    );
    const rsaAsEc = await keyFile('p256.pem', p256.privateKey);
    expect(register({ KeyPath: rsaAsEc, KeyId: 'k', Algorithm: 'RS256' })).toThrow(
      'A2A:CardSigning:Algorithm RS256 cannot be used with the key',
    );
    expect(register({ KeyPath: rsaAsEc })).toThrow('KeyPath and KeyId go together');
    expect(loadCardSigningKey({ KeyPath: rsaAsEc, KeyId: 'k' })).toMatchObject({ algorithm: 'ES256', keyId: 'k' });
  });
});
