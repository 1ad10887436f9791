import type { z } from 'zod';
import type {
  V1GetTaskRequest,
  V1ListTasksRequest,
  V1SendMessageRequest,
  V1TaskIdRequest,
} from '../../v1/wire/requests.js';
import { type V1Task, v1TaskSchema } from '../../v1/wire/task.js';
import type { A2ACallOptions } from '../a2a-client.js';
import { parseValue } from './answer-parsing.js';
import type { ClientConnection } from './client-connection.js';
import { JsonRpcChannel } from './json-rpc-channel.js';
import {
  type A2AV1TaskPage,
  listTasksAnswerSchema,
  sendMessageAnswerSchema,
  streamAnswerSchema,
} from './v1-answers.js';
import { type A2AV1SendResult, type A2AV1StreamEvent, a2aV1ClientVersion, type V1Transport } from './v1-transport.js';

type StreamingMethod = 'SendStreamingMessage' | 'SubscribeToTask';

/**
 * The JSON-RPC 2.0 binding: every call is a POST of `{ jsonrpc, id, method, params }` to
 * the interface URL, with the PascalCase method names of v1.0. A stream is SSE whose
 * every `data` is a JSON-RPC response to the request's id, carrying a StreamResponse in
 * `result`; it ends when the agent closes it.
 */
export class V1JsonRpcTransport implements V1Transport {
  readonly #channel: JsonRpcChannel;

  constructor(url: string, connection: ClientConnection) {
    this.#channel = new JsonRpcChannel(url, connection, a2aV1ClientVersion);
  }

  sendMessage(request: V1SendMessageRequest, options: A2ACallOptions): Promise<A2AV1SendResult> {
    return this.#call('SendMessage', request, sendMessageAnswerSchema, options);
  }

  sendStreamingMessage(request: V1SendMessageRequest, options: A2ACallOptions): AsyncGenerator<A2AV1StreamEvent> {
    return this.#stream('SendStreamingMessage', request, options);
  }

  getTask(request: V1GetTaskRequest, options: A2ACallOptions): Promise<V1Task> {
    return this.#call('GetTask', request, v1TaskSchema, options);
  }

  listTasks(request: V1ListTasksRequest, options: A2ACallOptions): Promise<A2AV1TaskPage> {
    return this.#call('ListTasks', request, listTasksAnswerSchema, options);
  }

  cancelTask(request: V1TaskIdRequest, options: A2ACallOptions): Promise<V1Task> {
    return this.#call('CancelTask', request, v1TaskSchema, options);
  }

  subscribeToTask(request: V1TaskIdRequest, options: A2ACallOptions): AsyncGenerator<A2AV1StreamEvent> {
    return this.#stream('SubscribeToTask', request, options);
  }

  async #call<Schema extends z.ZodType>(
    method: string,
    params: object,
    schema: Schema,
    options: A2ACallOptions,
  ): Promise<z.output<Schema>> {
    const { result, url } = await this.#channel.call(method, params, options);
    return parseValue(schema, result, url, `${method} result`);
  }

  async *#stream(method: StreamingMethod, params: object, options: A2ACallOptions): AsyncGenerator<A2AV1StreamEvent> {
    for await (const { result, url } of this.#channel.stream(method, params, options)) {
      yield parseValue(streamAnswerSchema, result, url, `${method} event`);
    }
  }
}
