import { SendMessageRequest } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions } from '@a2a-js/sdk/client';
import { GrpcTransportFactory } from '@a2a-js/sdk/client/grpc';
import { GRPC_STATUS_CODE, type GrpcA2AError, GrpcVersionNotSupportedError } from '@a2a-js/sdk/errors/grpc';
import { AgentDirectory, sharedAgentRegistrationStore } from '@orkeon/a2a';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../../server/a2a-test-host.js';
import { grpcAddressOf, grpcCard, rejectionOf } from './grpc-test-client.js';

let host: TestHost | undefined;

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  new AgentDirectory().register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats the input',
    tags: [],
    kind: 'local',
    handler: async (request) => `echo: ${request.input}`,
  });
});
afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('the v1.0 card with A2A:GrpcPort', () => {
  it('lists the gRPC interface after the HTTP ones, and the official client reaches the agent through it', async () => {
    host = await startTestHost({ settings: { GrpcPort: 0 } });
    const port = host.server.grpcAddress?.port;
    const card = (await (
      await fetch(`${host.url}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })
    ).json()) as {
      supportedInterfaces: { url: string; protocolBinding: string }[];
    };
    expect(card.supportedInterfaces.map((entry) => entry.protocolBinding)).toEqual([
      'JSONRPC',
      'HTTP+JSON',
      'GRPC',
      'JSONRPC',
    ]);
    expect(card.supportedInterfaces[2]?.url).toBe(`127.0.0.1:${port}`);

    const client = await new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new GrpcTransportFactory()],
        preferredTransports: ['GRPC'],
      }),
    ).createFromUrl(host.url);
    expect(client.transport.protocolName).toBe('GRPC');
    const answer = await client.sendMessage(
      SendMessageRequest.fromJSON({ message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'over gRPC' }] } }),
    );
    expect('id' in answer && answer.artifacts[0]?.parts[0]?.content).toEqual({
      $case: 'text',
      value: 'echo: over gRPC',
    });
  });

  it('lists no gRPC interface without A2A:GrpcPort', async () => {
    host = await startTestHost();
    const card = (await (
      await fetch(`${host.url}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })
    ).json()) as {
      supportedInterfaces: { protocolBinding: string }[];
    };
    expect(card.supportedInterfaces.map((entry) => entry.protocolBinding)).toEqual(['JSONRPC', 'HTTP+JSON', 'JSONRPC']);
  });

  it('answers VersionNotSupported UNIMPLEMENTED under A2A:SpecificationRevision 1.0.0 (FAILED_PRECONDITION under 1.0.1)', async () => {
    host = await startTestHost({ settings: { GrpcPort: 0, SpecificationRevision: '1.0.0' } });
    const transport = await new GrpcTransportFactory().create(grpcAddressOf(host.server).target, grpcCard(host.server));
    const refused = await rejectionOf(
      transport.getTask(
        { id: 'x', tenant: '', historyLength: undefined },
        { serviceParameters: { 'a2a-version': '0.1' } },
      ),
    );
    expect(refused).toBeInstanceOf(GrpcVersionNotSupportedError);
    expect((refused as GrpcA2AError).status).toBe(GRPC_STATUS_CODE.UNIMPLEMENTED);
  });
});
