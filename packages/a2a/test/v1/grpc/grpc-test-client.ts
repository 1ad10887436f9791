import { randomUUID } from 'node:crypto';
import { AgentCard, Role, type SendMessageRequest, type Task } from '@a2a-js/sdk';
import { type Client, ClientFactory, ClientFactoryOptions } from '@a2a-js/sdk/client';
import { GrpcTransportFactory } from '@a2a-js/sdk/client/grpc';
import type { ChannelCredentials } from '@grpc/grpc-js';
import { type A2AServer, grpcAgentInterface } from '@orkeon/a2a';

/** The server's gRPC address, or a failure naming what is missing. */
export function grpcAddressOf(server: A2AServer): { host: string; port: number; target: string } {
  const address = server.grpcAddress;
  if (address === undefined) throw new Error('the server has no gRPC binding');
  return address;
}

/** A card whose only interface is the server's gRPC binding, as `grpcAgentInterface` writes it. */
export function grpcCard(server: A2AServer, card: Record<string, unknown> = {}): AgentCard {
  return AgentCard.fromJSON({
    name: 'Orkeon',
    description: 'test',
    version: '1.0.0',
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
    ...card,
    supportedInterfaces: [grpcAgentInterface(grpcAddressOf(server))],
  });
}

/** The official SDK client over its gRPC transport, for `card` (which lists the GRPC interface). */
export async function sdkGrpcClient(card: AgentCard, credentials?: ChannelCredentials): Promise<Client> {
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new GrpcTransportFactory(credentials === undefined ? {} : { grpcChannelCredentials: credentials })],
      preferredTransports: ['GRPC'],
    }),
  );
  return factory.createFromAgentCard(card);
}

/** A `SendMessage` request of one text part, in the SDK's shapes. */
export function userMessage(
  text: string,
  extra: Partial<NonNullable<SendMessageRequest['message']>> = {},
  configuration?: SendMessageRequest['configuration'],
): SendMessageRequest {
  return {
    message: {
      messageId: randomUUID(),
      role: Role.ROLE_USER,
      parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' }],
      contextId: '',
      taskId: '',
      extensions: [],
      referenceTaskIds: [],
      metadata: undefined,
      ...extra,
    },
    tenant: '',
    configuration,
    metadata: undefined,
  };
}

/** Asks for the task as soon as it is recorded, without waiting for its end. */
export const returnImmediately: SendMessageRequest['configuration'] = {
  returnImmediately: true,
  acceptedOutputModes: [],
  taskPushNotificationConfig: undefined,
  historyLength: undefined,
};

/** The text of the task's first artifact. */
export function artifactText(task: Task): string {
  const part = task.artifacts[0]?.parts[0]?.content;
  return part?.$case === 'text' ? String(part.value) : '';
}

/** The rejection of `promise`; fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
