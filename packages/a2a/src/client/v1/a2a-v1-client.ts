import type { z } from 'zod';
import { type A2ASecuritySettingsInput, resolveA2ASecuritySettings } from '../../security/a2a-security-settings.js';
import {
  type V1GetTaskRequest,
  type V1ListTasksRequest,
  type V1SendMessageRequest,
  type V1TaskIdRequest,
  v1GetTaskRequestSchema,
  v1ListTasksRequestSchema,
  v1SendMessageRequestSchema,
  v1TaskIdRequestSchema,
} from '../../v1/wire/requests.js';
import type { V1Task } from '../../v1/wire/task.js';
import { type A2ACallOptions, defaultA2AClientTimeoutMilliseconds } from '../a2a-client.js';
import { A2AClientError } from '../a2a-client-error.js';
import { timeoutOf } from '../client-timeout.js';
import { A2AV1AgentDiscovery, type A2AV1DiscoveryOptions } from './a2a-v1-agent-discovery.js';
import { ClientConnection } from './client-connection.js';
import type { A2AV1AgentCard } from './v1-agent-card.js';
import type { A2AV1TaskPage } from './v1-answers.js';
import { V1HttpJsonTransport } from './v1-http-json-transport.js';
import { type A2AV1Endpoint, endpointProblem, isV03Endpoint } from './v1-interface-selection.js';
import { V1JsonRpcTransport } from './v1-json-rpc-transport.js';
import type { A2AV1SendResult, A2AV1StreamEvent, V1Transport } from './v1-transport.js';
import { V03JsonRpcTransport } from './v03-json-rpc-transport.js';

/** @experimental SVCEXP001 */
export interface A2AV1ClientOptions {
  /** `A2A:Security`: trusted CAs, the client certificate and the credentials sent on task calls. */
  readonly security?: A2ASecuritySettingsInput;
  /** Default time limit of each call in milliseconds (30 000); for a stream it covers the whole stream. */
  readonly timeoutMilliseconds?: number;
}

/** @experimental SVCEXP001 */
export type A2AV1ConnectOptions = A2AV1ClientOptions & Pick<A2AV1DiscoveryOptions, 'preferredBindings'>;

/**
 * The client of A2A v1.0 agents, over the JSON-RPC or the HTTP+JSON binding, and of A2A
 * 0.3 agents over JSON-RPC (an endpoint whose `protocolVersion` is 0.3): it speaks 0.3 to
 * them and answers in the same v1.0 types, so callers need not care (only `listTasks`,
 * which 0.3 lacks, is refused). Every request carries `A2A-Version` (`1.0`, or `0.3`) and,
 * on task calls, `ClientBearerToken` and `ClientApiKey`; every connection validates the
 * server certificate in full whatever the environment says (the TLS rules of `A2AClient`). A refusal by the agent is thrown
 * as `A2AV1AgentError` naming the A2A error (`TaskNotFound`, …); the other failures are
 * `A2AClientError`s as for `A2AClient`. Streams end when the agent closes them; leaving
 * the loop early closes the stream.
 *
 * @experimental SVCEXP001
 */
export class A2AV1Client implements AsyncDisposable {
  /** The interface called. */
  readonly endpoint: A2AV1Endpoint;
  /** The card `endpoint` was chosen from, when the client was made from one. */
  readonly card: A2AV1AgentCard | undefined;
  readonly #connection: ClientConnection;
  readonly #transport: V1Transport;

  /**
   * Reads the card of the agent at `agentUrl` (see `A2AV1AgentDiscovery`) and returns a
   * client of the interface chosen by `preferredBindings`. An agent with only the seed's
   * card is refused (`A2A_CLIENT_CONFIGURATION_INVALID`): call it with `A2AClient`.
   */
  static async connect(agentUrl: string, options: A2AV1ConnectOptions = {}): Promise<A2AV1Client> {
    const found = await new A2AV1AgentDiscovery(options).discover(agentUrl);
    if (found.kind === 'seed') {
      throw new A2AClientError(
        'A2A_CLIENT_CONFIGURATION_INVALID',
        `The agent at ${agentUrl} publishes only the seed's card (${found.cardUrl}), so it speaks the seed's REST dialect and not A2A v1.0: call it with A2AClient.`,
        { url: found.cardUrl },
      );
    }
    return new A2AV1Client(found.endpoint, options, found.card);
  }

  /**
   * A client of `endpoint`, an interface taken from the agent's card. Throws
   * `A2A_CLIENT_CONFIGURATION_INVALID` for an interface it cannot call (gRPC, another
   * protocol version, not an http(s) URL) and for unusable certificate files.
   */
  constructor(endpoint: A2AV1Endpoint, options: A2AV1ClientOptions = {}, card?: A2AV1AgentCard) {
    const problem = endpointProblem(endpoint);
    if (problem !== undefined) {
      throw new A2AClientError(
        'A2A_CLIENT_CONFIGURATION_INVALID',
        `The interface ${endpoint.protocolBinding} at ${endpoint.url} cannot be called: ${problem}.`,
      );
    }
    this.endpoint = endpoint;
    this.card = card;
    this.#connection = new ClientConnection(
      resolveA2ASecuritySettings(options.security ?? {}),
      timeoutOf(options, 'The A2A v1 client options') ?? defaultA2AClientTimeoutMilliseconds,
    );
    this.#transport = isV03Endpoint(endpoint)
      ? new V03JsonRpcTransport(endpoint.url, this.#connection)
      : endpoint.protocolBinding === 'JSONRPC'
        ? new V1JsonRpcTransport(endpoint.url, this.#connection)
        : new V1HttpJsonTransport(endpoint.url, this.#connection);
  }

  /**
   * `SendMessage`: by default waits until the task is done or waits for input
   * (`configuration.returnImmediately: true` returns at once). The agent answers with the
   * task, or with a message of its own.
   */
  async sendMessage(request: V1SendMessageRequest, options: A2ACallOptions = {}): Promise<A2AV1SendResult> {
    return await this.#transport.sendMessage(
      this.#checked(v1SendMessageRequestSchema, request, 'sendMessage'),
      options,
    );
  }

  /**
   * `SendStreamingMessage`: one message event, or the task followed by its status and
   * artifact updates, until the agent closes the stream.
   */
  async *sendStreamingMessage(
    request: V1SendMessageRequest,
    options: A2ACallOptions = {},
  ): AsyncGenerator<A2AV1StreamEvent> {
    const checked = this.#checked(v1SendMessageRequestSchema, request, 'sendStreamingMessage');
    yield* this.#transport.sendStreamingMessage(checked, options);
  }

  /** `GetTask`: the task with at most `historyLength` of its latest messages (0: none; unset: the agent's default). */
  async getTask(request: V1GetTaskRequest, options: A2ACallOptions = {}): Promise<V1Task> {
    return await this.#transport.getTask(this.#checked(v1GetTaskRequestSchema, request, 'getTask'), options);
  }

  /**
   * `ListTasks`: one page of the caller's tasks, newest first, filtered by `contextId`,
   * `status`, `statusTimestampAfter`; pass `nextPageToken` back as `pageToken` for the next.
   * An A2A 0.3 agent cannot list tasks: `A2A_CLIENT_OPERATION_UNSUPPORTED`, nothing sent.
   */
  async listTasks(filters: V1ListTasksRequest = {}, options: A2ACallOptions = {}): Promise<A2AV1TaskPage> {
    return await this.#transport.listTasks(this.#checked(v1ListTasksRequestSchema, filters, 'listTasks'), options);
  }

  /** `CancelTask`: the task as the agent left it (canceled); `TaskNotCancelable` when it is already done. */
  async cancelTask(request: V1TaskIdRequest, options: A2ACallOptions = {}): Promise<V1Task> {
    return await this.#transport.cancelTask(this.#checked(v1TaskIdRequestSchema, request, 'cancelTask'), options);
  }

  /**
   * `SubscribeToTask`: the task as it is now, then its updates until the agent closes the
   * stream. A task that is already done is refused (`UnsupportedOperation`).
   */
  async *subscribeToTask(request: V1TaskIdRequest, options: A2ACallOptions = {}): AsyncGenerator<A2AV1StreamEvent> {
    const checked = this.#checked(v1TaskIdRequestSchema, request, 'subscribeToTask');
    yield* this.#transport.subscribeToTask(checked, options);
  }

  /** Closes the client's connections. */
  async close(): Promise<void> {
    await this.#connection.close();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  /** The request as checked by its wire shape, with the interface's tenant unless it names one. */
  #checked<Schema extends z.ZodType<{ tenant?: string | undefined }>>(
    schema: Schema,
    request: unknown,
    operation: string,
  ): z.output<Schema> {
    const parsed = schema.safeParse(request);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new A2AClientError(
        'A2A_CLIENT_CONFIGURATION_INVALID',
        `${operation} was given a request the A2A v1.0 wire shape refuses${issue === undefined ? '' : ` (${issue.path.join('.') || 'request'}: ${issue.message})`}; nothing was sent.`,
        { cause: parsed.error },
      );
    }
    const tenant = parsed.data.tenant ?? this.endpoint.tenant;
    return tenant === undefined ? parsed.data : { ...parsed.data, tenant };
  }
}
