// The anchor: @a2a-js/sdk's server (Express, DefaultRequestHandler, InMemoryTaskStore) with an
// echo executor. argv[2] = 'jsonrpc' (jsonRpcHandler at /a2a, the default) or 'rest'
// (restHandler at /a2a, so `POST /a2a/message:send`). The executor does what Orkeon's v1.0
// server does for a local agent: it publishes a WORKING task (the user's message in its
// history), the answer as one text artifact, then COMPLETED; a blocking send answers the task.
import { TaskState } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { jsonRpcHandler, restHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express from 'express';

const binding = process.argv[2] === 'rest' ? 'rest' : 'jsonrpc';

const card = {
  name: 'echo',
  description: 'echo',
  version: '1.0.0',
  supportedInterfaces: [
    binding === 'rest'
      ? { url: 'http://127.0.0.1/a2a', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: '' }
      : { url: 'http://127.0.0.1/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
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
    const { taskId, contextId, userMessage } = context;
    const text = userMessage.parts.map((part) => (part.content?.$case === 'text' ? part.content.value : '')).join('\n');
    bus.publish(
      AgentEvent.task({
        id: taskId,
        contextId,
        status: { state: TaskState.TASK_STATE_WORKING, message: undefined, timestamp: new Date().toISOString() },
        artifacts: [],
        history: [userMessage],
        metadata: undefined,
      }),
    );
    bus.publish(
      AgentEvent.artifactUpdate({
        taskId,
        contextId,
        artifact: {
          artifactId: `${taskId}-output`,
          name: 'output',
          description: '',
          parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' }],
          metadata: undefined,
          extensions: [],
        },
        append: false,
        lastChunk: true,
        metadata: undefined,
      }),
    );
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: { state: TaskState.TASK_STATE_COMPLETED, message: undefined, timestamp: new Date().toISOString() },
        metadata: undefined,
      }),
    );
    bus.finished();
  },
  async cancelTask() {},
};

const options = {
  requestHandler: new DefaultRequestHandler(card, new InMemoryTaskStore(), executor),
  userBuilder: UserBuilder.noAuthentication,
};
const app = express();
app.use('/a2a', binding === 'rest' ? restHandler(options) : jsonRpcHandler(options));
const server = app.listen(0, '127.0.0.1', () =>
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`),
);
// Exit on SIGTERM (rather than die of it), so that `--cpu-prof` writes its profile.
process.once('SIGTERM', () => process.exit(0));
