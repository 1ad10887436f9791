import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { A2AClientError, A2AV1AgentDiscovery, type A2AV1Binding, A2AV1Client, selectA2AV1Interface } from '@orkeon/a2a';
import { afterEach, describe, expect, it } from 'vitest';
import { type SdkAgent, type SdkAgentOptions, sdkAgentPaths, startSdkAgent } from './sdk-agent.js';

const running: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function sdkAgent(options: SdkAgentOptions): Promise<SdkAgent> {
  const agent = await startSdkAgent(options);
  running.push(agent);
  return agent;
}

/** A plain HTTP server answering `GET path` with `body` as JSON, and 404 to anything else. */
async function cardServer(path: string, body: unknown): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    const found = request.method === 'GET' && request.url === path;
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found ? body : { error: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function failure(promise: Promise<unknown>): Promise<A2AClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!A2AClientError.isInstance(error)) throw new Error(`expected an A2AClientError, got ${String(error)}`);
  return error;
}

const restFirst = (base: string) => [
  { url: `${base}${sdkAgentPaths.rest}`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
  { url: `${base}${sdkAgentPaths.jsonRpc}`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
];

describe('choosing the interface from a v1.0 card', () => {
  it("follows the client's preference over the card's order: JSONRPC by default, HTTP+JSON when asked", async () => {
    const agent = await sdkAgent({ interfaces: restFirst });
    const byDefault = await new A2AV1AgentDiscovery().discover(agent.url);
    expect(byDefault).toMatchObject({
      kind: 'v1',
      cardUrl: `${agent.url}/.well-known/agent-card.json`,
      endpoint: { protocolBinding: 'JSONRPC', url: `${agent.url}${sdkAgentPaths.jsonRpc}` },
    });
    const preferred: A2AV1Binding[] = ['HTTP+JSON', 'JSONRPC'];
    const asked = await new A2AV1AgentDiscovery({ preferredBindings: preferred }).discover(agent.url);
    expect(asked).toMatchObject({ kind: 'v1', endpoint: { protocolBinding: 'HTTP+JSON' } });
  });

  it("passes over an interface of another protocol version, and keeps the card's order within one binding", () => {
    const card = {
      supportedInterfaces: [
        { url: 'https://a.example/rpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
        { url: 'https://a.example/rest-1', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
        { url: 'https://a.example/rest-2', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: 't' },
      ],
    };
    expect(selectA2AV1Interface(card)).toEqual({
      url: 'https://a.example/rest-1',
      protocolBinding: 'HTTP+JSON',
      protocolVersion: '1.0',
    });
    card.supportedInterfaces.splice(1, 1);
    expect(selectA2AV1Interface(card)).toMatchObject({ url: 'https://a.example/rest-2', tenant: 't' });
  });

  it('refuses a card whose only interface is GRPC, saying gRPC is not supported yet, before any task call', async () => {
    const agent = await sdkAgent({
      interfaces: () => [{ url: '127.0.0.1:50051', protocolBinding: 'GRPC', protocolVersion: '1.0' }],
    });
    const error = await failure(A2AV1Client.connect(agent.url));
    expect(error.code).toBe('A2A_CLIENT_CONFIGURATION_INVALID');
    expect(error.message).toContain('GRPC at 127.0.0.1:50051 (gRPC is not supported by this client yet)');
    expect(error.message).toContain('This client calls A2A 1.x agents over JSONRPC or HTTP+JSON');
    expect(agent.seen.map((request) => request.path)).toEqual(['/.well-known/agent-card.json']);
  });

  it('names each offered interface and why it was passed over when none fits the preference', async () => {
    const agent = await sdkAgent({
      interfaces: (base) => [
        { url: `${base}${sdkAgentPaths.jsonRpc}`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      ],
    });
    const error = await failure(new A2AV1AgentDiscovery({ preferredBindings: ['HTTP+JSON'] }).discover(agent.url));
    expect(error.code).toBe('A2A_CLIENT_CONFIGURATION_INVALID');
    expect(error.message).toMatch(/JSONRPC at http:\S+ \(not among preferredBindings \(HTTP\+JSON\); add JSONRPC/);
  });

  it('refuses a preference naming GRPC or nothing, and an endpoint it cannot call, before any request', () => {
    const grpc = () => new A2AV1AgentDiscovery({ preferredBindings: ['GRPC' as A2AV1Binding] });
    expect(grpc).toThrow(A2AClientError);
    expect(grpc).toThrow(/gRPC is not supported by this client yet/);
    expect(() => new A2AV1AgentDiscovery({ preferredBindings: [] })).toThrow(/preferredBindings is empty/);
    const direct = () => new A2AV1Client({ url: 'grpc.example:443', protocolBinding: 'GRPC' as A2AV1Binding });
    expect(direct).toThrow(/gRPC is not supported by this client yet/);
    expect(() => new A2AV1Client({ url: '/relative', protocolBinding: 'JSONRPC' })).toThrow(
      /not an absolute http:\/\/ or https:\/\/ URL/,
    );
  });
});

describe('the two card paths', () => {
  it("reads a v1.0 card published at the seed's path and calls the agent", async () => {
    const agent = await sdkAgent({ cardPath: '/.well-known/agent.json' });
    await using client = await A2AV1Client.connect(agent.url);
    expect(client.card?.name).toBe('sdk-agent');
    const result = await client.sendMessage({
      message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'reply found you' }] },
    });
    expect(result).toMatchObject({ message: { parts: [{ text: 'found you' }] } });
    expect(agent.seen.slice(0, 2).map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /.well-known/agent-card.json',
      'GET /.well-known/agent.json',
    ]);
  });

  it('recognises a seed agent by its card, and connect points to A2AClient for it', async () => {
    const seedCard = { name: 'seed', description: 'd', version: '1', url: 'http://seed', skills: [] };
    const seed = await cardServer('/.well-known/agent.json', seedCard);
    const found = await new A2AV1AgentDiscovery().discover(`${seed.url}/`);
    expect(found).toEqual({ kind: 'seed', cardUrl: `${seed.url}/.well-known/agent.json`, card: seedCard });
    const error = await failure(A2AV1Client.connect(seed.url));
    expect(error.code).toBe('A2A_CLIENT_CONFIGURATION_INVALID');
    expect(error.message).toMatch(/speaks the seed's REST dialect and not A2A v1\.0: call it with A2AClient/);
    expect(seed.seen.slice(0, 2)).toEqual(['GET /.well-known/agent-card.json', 'GET /.well-known/agent.json']);
  });

  it('reads an A2A 0.3 card at agent-card.json as a 0.3 JSON-RPC interface', async () => {
    const v03 = await cardServer('/.well-known/agent-card.json', {
      name: 'old',
      description: 'd',
      version: '1',
      url: 'http://old/rpc',
      protocolVersion: '0.3.0',
      preferredTransport: 'JSONRPC',
      additionalInterfaces: [{ url: 'http://old/rest', transport: 'HTTP+JSON' }],
      capabilities: { streaming: true },
      supportsAuthenticatedExtendedCard: false,
      skills: [{ id: 's', name: 'S', description: 'd', tags: [] }],
    });
    const found = await new A2AV1AgentDiscovery({ preferredBindings: ['HTTP+JSON', 'JSONRPC'] }).discover(v03.url);
    if (found.kind !== 'v1') throw new Error('expected the 0.3 card read as a v1.0 one');
    expect(found.endpoint).toEqual({ url: 'http://old/rpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3.0' });
    expect(found.card.supportedInterfaces).toEqual([
      { url: 'http://old/rpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3.0' },
      { url: 'http://old/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '0.3.0' },
    ]);
    expect(found.card.capabilities).toEqual({ streaming: true, extendedAgentCard: false });
    expect(found.card.skills.map((skill) => skill.id)).toEqual(['s']);
    expect(v03.seen).toEqual(['GET /.well-known/agent-card.json']);
  });

  it('refuses an A2A 0.3 card that offers HTTP+JSON only, and a card that is neither 1.0 nor 0.3', async () => {
    const rest = await cardServer('/.well-known/agent-card.json', {
      name: 'old',
      url: 'http://old/rest',
      protocolVersion: '0.3.0',
      preferredTransport: 'HTTP+JSON',
    });
    const refused = await failure(new A2AV1AgentDiscovery().discover(rest.url));
    expect(refused.code).toBe('A2A_CLIENT_CONFIGURATION_INVALID');
    expect(refused.message).toMatch(/speaks A2A 0\.3 over JSONRPC only/);
    const neither = await cardServer('/.well-known/agent-card.json', { name: 'x', skills: [] });
    const unreadable = await failure(new A2AV1AgentDiscovery().discover(neither.url));
    expect(unreadable.code).toBe('A2A_CLIENT_RESPONSE_INVALID');
    expect(unreadable.message).toMatch(/lists neither supportedInterfaces .* nor a url/);
  });

  it('says so when neither path has a card', async () => {
    const empty = await cardServer('/nothing', {});
    const error = await failure(new A2AV1AgentDiscovery().discover(empty.url));
    expect(error).toMatchObject({ code: 'A2A_CLIENT_STATUS_UNSUCCESSFUL', status: 404 });
    expect(error.message).toMatch(
      /publishes no card: \/\.well-known\/agent-card\.json and \/\.well-known\/agent\.json/,
    );
  });

  it('refuses a v1.0 card of the wrong shape with the field at fault', async () => {
    const bad = await cardServer('/.well-known/agent-card.json', { name: 'x', supportedInterfaces: [{ url: 1 }] });
    const error = await failure(new A2AV1AgentDiscovery().discover(bad.url));
    expect(error.code).toBe('A2A_CLIENT_RESPONSE_INVALID');
    expect(error.message).toMatch(/supportedInterfaces\.0\.url/);
  });
});
