// The anchor: @a2a-js/sdk's server (Express, JSON-RPC SendMessage) with an echo executor.
import { randomUUID } from 'node:crypto';
import { type AgentExecutor, DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express from 'express';

const card = {
  name: 'echo',
  description: 'echo',
  version: '1.0.0',
  supportedInterfaces: [
    { url: 'http://127.0.0.1/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
  ],
  provider: undefined,
  capabilities: { streaming: false, pushNotifications: false, extensions: [], stateTransitionHistory: false },
  securitySchemes: {},
  securityRequirements: [],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [],
  signatures: [],
} as never;

const executor: AgentExecutor = {
  async execute(context, bus) {
    const text = context.userMessage.parts
      .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
      .join('');
    bus.publish({
      kind: 'message',
      data: {
        messageId: randomUUID(),
        contextId: context.contextId,
        taskId: '',
        role: 2,
        parts: [{ content: { $case: 'text', value: text } }],
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
      },
    } as never);
    bus.finished();
  },
  async cancelTask() {},
};

const app = express();
app.use(
  '/a2a',
  jsonRpcHandler({
    requestHandler: new DefaultRequestHandler(card, new InMemoryTaskStore(), executor),
    userBuilder: UserBuilder.noAuthentication,
  }),
);
const server = app.listen(0, '127.0.0.1', () =>
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`),
);
