import type { z } from 'zod';
import type {
  V1GetTaskRequest,
  V1ListTasksRequest,
  V1SendMessageRequest,
  V1TaskIdRequest,
} from '../../v1/wire/requests.js';
import { type V1Task, v1TaskSchema } from '../../v1/wire/task.js';
import type { A2ACallOptions } from '../a2a-client.js';
import { A2AClientError } from '../a2a-client-error.js';
import { parseJson } from '../response-parsing.js';
import { parseValue } from './answer-parsing.js';
import type { ClientConnection, OpenedAnswer } from './client-connection.js';
import {
  type A2AV1TaskPage,
  listTasksAnswerSchema,
  sendMessageAnswerSchema,
  streamAnswerSchema,
} from './v1-answers.js';
import { agentErrorFromJsonRpc, unsuccessfulStatus } from './v1-error-answer.js';
import {
  type A2AV1SendResult,
  type A2AV1StreamEvent,
  a2aV1ClientVersion,
  a2aVersionHeader,
  type V1Transport,
} from './v1-transport.js';

type StreamingMethod = 'SendStreamingMessage' | 'SubscribeToTask';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSuccessful(status: number): boolean {
  return status >= 200 && status <= 299;
}

/**
 * The JSON-RPC 2.0 binding: every call is a POST of `{ jsonrpc, id, method, params }` to
 * the interface URL, with the PascalCase method names of v1.0. A stream is SSE whose
 * every `data` is a JSON-RPC response to the request's id, carrying a StreamResponse in
 * `result`; it ends when the agent closes it.
 */
export class V1JsonRpcTransport implements V1Transport {
  readonly #url: string;
  readonly #connection: ClientConnection;
  #nextId = 1;

  constructor(url: string, connection: ClientConnection) {
    this.#url = url;
    this.#connection = connection;
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
    const id = this.#nextId++;
    const opened = await this.#open(method, id, params, 'application/json', options);
    const result = this.#resultOf(await this.#connection.readText(opened), id, opened, method);
    return parseValue(schema, result, opened.url, `${method} result`);
  }

  async *#stream(method: StreamingMethod, params: object, options: A2ACallOptions): AsyncGenerator<A2AV1StreamEvent> {
    const id = this.#nextId++;
    const opened = await this.#open(method, id, params, 'text/event-stream', options);
    if (opened.mediaType !== 'text/event-stream') {
      // A refusal before the stream began comes as one JSON-RPC response.
      this.#resultOf(await this.#connection.readText(opened), id, opened, method);
      throw new A2AClientError(
        'A2A_CLIENT_RESPONSE_INVALID',
        `The agent at ${opened.url} answered ${method} with '${opened.mediaType || 'no content type'}' instead of an event stream.`,
        { url: opened.url },
      );
    }
    if (!isSuccessful(opened.status)) {
      throw unsuccessfulStatus(opened.url, opened.status, await this.#connection.readTextOfFailure(opened));
    }
    for await (const event of this.#connection.events(opened)) {
      const value = parseJson(event.data, opened.url, `${method} event`);
      yield parseValue(streamAnswerSchema, this.#answerOf(value, id, opened, method), opened.url, `${method} event`);
    }
  }

  #open(method: string, id: number, params: object, accept: string, options: A2ACallOptions): Promise<OpenedAnswer> {
    return this.#connection.open({
      method: 'POST',
      url: this.#url,
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      contentType: 'application/json',
      accept,
      authenticated: true,
      headers: { [a2aVersionHeader]: a2aV1ClientVersion },
      options,
    });
  }

  /** The `result` of a JSON-RPC response read as text; its `error` is thrown typed. */
  #resultOf(text: string, id: number, opened: OpenedAnswer, method: string): unknown {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      if (!isSuccessful(opened.status)) throw unsuccessfulStatus(opened.url, opened.status, text);
      throw new A2AClientError('A2A_CLIENT_RESPONSE_INVALID', `The ${method} answer from ${opened.url} is not JSON.`, {
        url: opened.url,
        cause: error,
      });
    }
    if (!isSuccessful(opened.status) && !(isRecord(value) && value.jsonrpc === '2.0' && 'error' in value)) {
      throw unsuccessfulStatus(opened.url, opened.status, text);
    }
    return this.#answerOf(value, id, opened, method);
  }

  #answerOf(value: unknown, id: number, opened: OpenedAnswer, method: string): unknown {
    const invalid = (problem: string) =>
      new A2AClientError('A2A_CLIENT_RESPONSE_INVALID', `The ${method} answer from ${opened.url} ${problem}.`, {
        url: opened.url,
      });
    if (!isRecord(value) || value.jsonrpc !== '2.0') throw invalid('is not a JSON-RPC 2.0 response');
    if ('error' in value) {
      // The id of an error may be null: the agent could not read the request's.
      const error = agentErrorFromJsonRpc(
        value.error,
        opened.url,
        isSuccessful(opened.status) ? undefined : opened.status,
      );
      throw error ?? invalid('carries an error without an integer code');
    }
    if (value.id !== id) throw invalid(`answers request id ${JSON.stringify(value.id)} instead of ${id}`);
    if (!('result' in value)) throw invalid('has neither result nor error');
    return value.result;
  }
}
