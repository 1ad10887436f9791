import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { AgentCard, Message, Task, TaskArtifactUpdateEvent, TaskState, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryTaskStore,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express from 'express';

/** The paths the agent serves each binding at. */
export const sdkAgentPaths = { jsonRpc: '/a2a/jsonrpc', rest: '/a2a/rest' } as const;

/** A request that reached the agent. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface SdkAgentOptions {
  /** The card's `supportedInterfaces` (ProtoJSON) given the agent's base URL; default JSONRPC then HTTP+JSON. */
  readonly interfaces?: (base: string) => readonly Record<string, string>[];
  /** Where the card is served; default `/.well-known/agent-card.json`. */
  readonly cardPath?: string;
  /** Serve HTTPS with this key and certificate chain, for `localhost`. */
  readonly tls?: { readonly key: string; readonly cert: string };
  /**
   * The SDK's v0.3 compatibility (`legacyCompat`) on the card and JSON-RPC handlers: a
   * request with `A2A-Version: 0.3` or none is answered in 0.3 (give a `0.3` interface).
   */
  readonly legacyCompat?: boolean;
}

export interface SdkAgent {
  /** The base URL the card is published under. */
  readonly url: string;
  readonly seen: SeenRequest[];
  /** Lets a task started with `wait` finish: it adds an artifact and completes. */
  release(taskId: string): void;
  close(): Promise<void>;
}

const now = () => new Date().toISOString();

function textOf(context: RequestContext): string {
  const content = context.userMessage.parts[0]?.content;
  return content?.$case === 'text' ? content.value : '';
}

function agentText(context: RequestContext, text: string) {
  return {
    messageId: crypto.randomUUID(),
    role: 'ROLE_AGENT',
    taskId: context.taskId,
    contextId: context.contextId,
    parts: [{ text }],
  };
}

/**
 * The third-party agent of the tests, built only from `@a2a-js/sdk` parts. What it does
 * depends on the first word of the user's text:
 * - `reply <text>`: answers with a message of its own, no task;
 * - `echo <words>`: a task that works, streams one artifact chunk per word, and completes;
 * - `wait`: a task that works until it is cancelled or `release`d;
 * - `ask <words>`: a task that waits for input ("Which city?"); the message that answers it
 *   completes it with the artifact `<words> in <answer>`.
 */
class TestExecutor implements AgentExecutor {
  readonly #waiting = new Map<
    string,
    { readonly contextId: string; readonly resolve: (outcome: 'released' | 'cancelled') => void }
  >();

  release(taskId: string): void {
    this.#waiting.get(taskId)?.resolve('released');
  }

  async execute(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const [verb = '', ...words] = textOf(context).split(' ');
    const { taskId, contextId } = context;
    const asked = context.task?.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED;
    if (verb === 'reply') {
      bus.publish(AgentEvent.message(Message.fromJSON({ ...agentText(context, words.join(' ')), taskId: undefined })));
      bus.finished();
      return;
    }
    bus.publish(
      AgentEvent.task(
        Task.fromJSON({
          id: taskId,
          contextId,
          status: { state: 'TASK_STATE_SUBMITTED', timestamp: now() },
          history: [Message.toJSON(context.userMessage)],
        }),
      ),
    );
    if (asked) {
      const topic = context.task?.metadata?.topic;
      bus.publish(
        AgentEvent.artifactUpdate(
          TaskArtifactUpdateEvent.fromJSON({
            taskId,
            contextId,
            artifact: { artifactId: 'plan', name: 'plan', parts: [{ text: `${String(topic)} in ${textOf(context)}` }] },
            lastChunk: true,
          }),
        ),
      );
      bus.publish(
        AgentEvent.statusUpdate(
          TaskStatusUpdateEvent.fromJSON({
            taskId,
            contextId,
            status: { state: 'TASK_STATE_COMPLETED', timestamp: now() },
          }),
        ),
      );
      bus.finished();
      return;
    }
    const status = (state: string, text?: string) =>
      AgentEvent.statusUpdate(
        TaskStatusUpdateEvent.fromJSON({
          taskId,
          contextId,
          status: { state, timestamp: now(), ...(text === undefined ? {} : { message: agentText(context, text) }) },
        }),
      );
    bus.publish(status('TASK_STATE_WORKING', 'working on it'));
    if (verb === 'ask') {
      bus.publish(
        AgentEvent.task(
          Task.fromJSON({
            id: taskId,
            contextId,
            status: {
              state: 'TASK_STATE_INPUT_REQUIRED',
              timestamp: now(),
              message: agentText(context, 'Which city?'),
            },
            history: [Message.toJSON(context.userMessage)],
            metadata: { topic: words.join(' ') },
          }),
        ),
      );
      bus.finished();
      return;
    }
    if (verb === 'wait') {
      const outcome = await new Promise<'released' | 'cancelled'>((resolve) =>
        this.#waiting.set(taskId, { contextId, resolve }),
      );
      this.#waiting.delete(taskId);
      if (outcome === 'cancelled') return;
      words.push('released');
    }
    words.forEach((word, index) => {
      bus.publish(
        AgentEvent.artifactUpdate(
          TaskArtifactUpdateEvent.fromJSON({
            taskId,
            contextId,
            artifact: { artifactId: 'echo', name: 'echo', parts: [{ text: word }] },
            append: index > 0,
            lastChunk: index === words.length - 1,
          }),
        ),
      );
    });
    bus.publish(status('TASK_STATE_COMPLETED', 'done'));
    bus.finished();
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    const waiting = this.#waiting.get(taskId);
    if (waiting === undefined) return;
    bus.publish(
      AgentEvent.statusUpdate(
        TaskStatusUpdateEvent.fromJSON({
          taskId,
          contextId: waiting.contextId,
          status: { state: 'TASK_STATE_CANCELED', timestamp: now() },
        }),
      ),
    );
    waiting.resolve('cancelled');
    bus.finished();
  }
}

/** Starts the agent on 127.0.0.1 (HTTPS for `localhost` when `tls` is given). */
export async function startSdkAgent(options: SdkAgentOptions = {}): Promise<SdkAgent> {
  const app = express();
  const seen: SeenRequest[] = [];
  app.use((request, _response, next) => {
    seen.push({ method: request.method, path: request.originalUrl, headers: request.headers });
    next();
  });
  const server: Server = options.tls === undefined ? createHttpServer(app) : createHttpsServer({ ...options.tls }, app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = options.tls === undefined ? `http://127.0.0.1:${port}` : `https://localhost:${port}`;
  const interfaces =
    options.interfaces ??
    ((base: string) => [
      { url: `${base}${sdkAgentPaths.jsonRpc}`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${base}${sdkAgentPaths.rest}`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ]);
  const card = AgentCard.fromJSON({
    name: 'sdk-agent',
    description: 'The @a2a-js/sdk agent the v1.0 client is tested against.',
    version: '1.0.0',
    supportedInterfaces: interfaces(url),
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Echoes words as an artifact.', tags: ['test'] }],
  });
  const executor = new TestExecutor();
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  const userBuilder = UserBuilder.noAuthentication;
  const legacyCompat = { enabled: options.legacyCompat === true };
  app.use(
    options.cardPath ?? '/.well-known/agent-card.json',
    agentCardHandler({ agentCardProvider: handler, legacyCompat }),
  );
  app.use(sdkAgentPaths.jsonRpc, jsonRpcHandler({ requestHandler: handler, userBuilder, legacyCompat }));
  app.use(sdkAgentPaths.rest, restHandler({ requestHandler: handler, userBuilder }));
  return {
    url,
    seen,
    release: (taskId) => executor.release(taskId),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}
