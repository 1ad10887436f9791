import type { z } from 'zod';
import { v03SendParamsOf } from '../../v1/compat-v03/v03-requests.js';
import {
  v1EventOfV03,
  v1SendResultOfV03,
  v1TaskOfV03,
  v03EventSchema,
  v03SendResultSchema,
  v03TaskSchema,
} from '../../v1/compat-v03/v03-task.js';
import { v03ProtocolVersion } from '../../v1/server/agent-card-v1.js';
import type {
  V1GetTaskRequest,
  V1ListTasksRequest,
  V1SendMessageRequest,
  V1TaskIdRequest,
} from '../../v1/wire/requests.js';
import type { V1Task } from '../../v1/wire/task.js';
import type { A2ACallOptions } from '../a2a-client.js';
import { A2AClientError } from '../a2a-client-error.js';
import { parseValue } from './answer-parsing.js';
import type { ClientConnection } from './client-connection.js';
import { JsonRpcChannel } from './json-rpc-channel.js';
import type { A2AV1TaskPage } from './v1-answers.js';
import type { A2AV1SendResult, A2AV1StreamEvent, V1Transport } from './v1-transport.js';

/**
 * The JSON-RPC binding of A2A 0.3, behind the same six operations: the 0.3 methods
 * (`message/send`, `message/stream`, `tasks/get`, `tasks/cancel`, `tasks/resubscribe`) with
 * `A2A-Version: 0.3`, requests written in 0.3 shapes and answers read back into v1.0 types
 * (`kind` dropped, states `TASK_STATE_*`, parts as v1.0 writes them), so a caller of
 * `A2AV1Client` sees no difference. A stream ends with the agent's `final` status update.
 * 0.3 has no `tasks/list` over JSON-RPC and no tenants: `listTasks` and a request naming a
 * tenant are refused before anything is sent.
 */
export class V03JsonRpcTransport implements V1Transport {
  readonly #url: string;
  readonly #channel: JsonRpcChannel;

  constructor(url: string, connection: ClientConnection) {
    this.#url = url;
    this.#channel = new JsonRpcChannel(url, connection, v03ProtocolVersion);
  }

  async sendMessage(request: V1SendMessageRequest, options: A2ACallOptions): Promise<A2AV1SendResult> {
    const { result, url } = await this.#channel.call('message/send', this.#sendParams(request, 'sendMessage'), options);
    return v1SendResultOfV03(parseValue(v03SendResultSchema, result, url, 'message/send result'));
  }

  sendStreamingMessage(request: V1SendMessageRequest, options: A2ACallOptions): AsyncGenerator<A2AV1StreamEvent> {
    return this.#stream('message/stream', this.#sendParams(request, 'sendStreamingMessage'), options);
  }

  getTask(request: V1GetTaskRequest, options: A2ACallOptions): Promise<V1Task> {
    const { id, historyLength } = this.#withoutTenant(request, 'getTask');
    return this.#task('tasks/get', { id, ...(historyLength === undefined ? {} : { historyLength }) }, options);
  }

  async listTasks(_request: V1ListTasksRequest, _options: A2ACallOptions): Promise<A2AV1TaskPage> {
    throw new A2AClientError(
      'A2A_CLIENT_OPERATION_UNSUPPORTED',
      `The agent at ${this.#url} speaks A2A 0.3, which has no way to list tasks over JSON-RPC; nothing was sent. Keep the ids of the tasks you start and read them with getTask.`,
      { url: this.#url },
    );
  }

  cancelTask(request: V1TaskIdRequest, options: A2ACallOptions): Promise<V1Task> {
    const { id, metadata } = this.#withoutTenant(request, 'cancelTask');
    return this.#task('tasks/cancel', { id, ...(metadata === undefined ? {} : { metadata }) }, options);
  }

  subscribeToTask(request: V1TaskIdRequest, options: A2ACallOptions): AsyncGenerator<A2AV1StreamEvent> {
    const { id } = this.#withoutTenant(request, 'subscribeToTask');
    return this.#stream('tasks/resubscribe', { id }, options);
  }

  async #task(method: string, params: object, options: A2ACallOptions): Promise<V1Task> {
    const { result, url } = await this.#channel.call(method, params, options);
    return v1TaskOfV03(parseValue(v03TaskSchema, result, url, `${method} result`));
  }

  async *#stream(method: string, params: object, options: A2ACallOptions): AsyncGenerator<A2AV1StreamEvent> {
    for await (const { result, url } of this.#channel.stream(method, params, options)) {
      const event = parseValue(v03EventSchema, result, url, `${method} event`);
      yield v1EventOfV03(event);
      // 0.3 marks the last event; leaving here closes the stream even if the agent keeps it open.
      if (event.kind === 'status-update' && event.final) return;
    }
  }

  #sendParams(request: V1SendMessageRequest, operation: string): object {
    this.#withoutTenant(request, operation);
    try {
      return v03SendParamsOf(request);
    } catch (error) {
      const issue = (error as z.ZodError).issues?.[0];
      throw new A2AClientError(
        'A2A_CLIENT_CONFIGURATION_INVALID',
        `${operation} was given a configuration.taskPushNotificationConfig that cannot be sent${issue === undefined ? '' : ` (${issue.path.join('.') || 'config'}: ${issue.message})`}; nothing was sent.`,
        { cause: error },
      );
    }
  }

  #withoutTenant<T extends { readonly tenant?: string | undefined }>(request: T, operation: string): T {
    if (request.tenant !== undefined && request.tenant !== '')
      throw new A2AClientError(
        'A2A_CLIENT_CONFIGURATION_INVALID',
        `${operation} names the tenant '${request.tenant}', and the agent at ${this.#url} speaks A2A 0.3, which has no tenants; nothing was sent.`,
        { url: this.#url },
      );
    return request;
  }
}
