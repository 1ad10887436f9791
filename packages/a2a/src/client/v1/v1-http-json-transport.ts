import type { Dispatcher } from 'undici';
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
import { agentErrorFromStatus, unsuccessfulStatus } from './v1-error-answer.js';
import {
  type A2AV1SendResult,
  type A2AV1StreamEvent,
  a2aV1ClientVersion,
  a2aVersionHeader,
  type V1Transport,
} from './v1-transport.js';

// v1.0.1 prefers `application/a2a+json`, v1.0.0 servers know only `application/json`:
// requests are sent as the latter, answers are accepted in either.
const jsonAccept = 'application/a2a+json, application/json';

interface Route {
  readonly method: Dispatcher.HttpMethod;
  readonly path: string;
  readonly tenant: string | undefined;
  readonly body?: object;
  readonly query?: URLSearchParams;
}

function isSuccessful(status: number): boolean {
  return status >= 200 && status <= 299;
}

function taskPath(id: string, verb = ''): string {
  return `/tasks/${encodeURIComponent(id)}${verb}`;
}

/** The ListTasks filters as camelCase query parameters; enums by name, booleans as `true`/`false`. */
function listQuery(filters: Omit<V1ListTasksRequest, 'tenant'>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined) query.set(name, String(value));
  }
  return query;
}

/**
 * The HTTP+JSON binding: `POST {url}/message:send`, `POST {url}/message:stream` (SSE),
 * `GET {url}/tasks/{id}`, `GET {url}/tasks`, `POST {url}/tasks/{id}:cancel` and
 * `POST {url}/tasks/{id}:subscribe` (SSE), with the tenant as a path prefix. Failures are
 * `google.rpc.Status` bodies; a stream is SSE of bare StreamResponses that ends when the
 * agent closes it (an `error` event carries a Status body).
 */
export class V1HttpJsonTransport implements V1Transport {
  readonly #base: string;
  readonly #connection: ClientConnection;

  constructor(url: string, connection: ClientConnection) {
    this.#base = url.replace(/\/+$/, '');
    this.#connection = connection;
  }

  sendMessage(request: V1SendMessageRequest, options: A2ACallOptions): Promise<A2AV1SendResult> {
    const { tenant, ...body } = request;
    return this.#call({ method: 'POST', path: '/message:send', tenant, body }, sendMessageAnswerSchema, options);
  }

  sendStreamingMessage(request: V1SendMessageRequest, options: A2ACallOptions): AsyncGenerator<A2AV1StreamEvent> {
    const { tenant, ...body } = request;
    return this.#stream({ method: 'POST', path: '/message:stream', tenant, body }, options);
  }

  getTask(request: V1GetTaskRequest, options: A2ACallOptions): Promise<V1Task> {
    const { tenant, id, historyLength } = request;
    const query =
      historyLength === undefined ? undefined : new URLSearchParams({ historyLength: String(historyLength) });
    return this.#call(
      { method: 'GET', path: taskPath(id), tenant, ...(query === undefined ? {} : { query }) },
      v1TaskSchema,
      options,
    );
  }

  listTasks(request: V1ListTasksRequest, options: A2ACallOptions): Promise<A2AV1TaskPage> {
    const { tenant, ...filters } = request;
    return this.#call(
      { method: 'GET', path: '/tasks', tenant, query: listQuery(filters) },
      listTasksAnswerSchema,
      options,
    );
  }

  cancelTask(request: V1TaskIdRequest, options: A2ACallOptions): Promise<V1Task> {
    const { tenant, id, ...body } = request;
    return this.#call({ method: 'POST', path: taskPath(id, ':cancel'), tenant, body }, v1TaskSchema, options);
  }

  subscribeToTask(request: V1TaskIdRequest, options: A2ACallOptions): AsyncGenerator<A2AV1StreamEvent> {
    const { tenant, id } = request;
    return this.#stream({ method: 'POST', path: taskPath(id, ':subscribe'), tenant }, options);
  }

  async #call<Schema extends z.ZodType>(
    route: Route,
    schema: Schema,
    options: A2ACallOptions,
  ): Promise<z.output<Schema>> {
    const opened = await this.#open(route, jsonAccept, options);
    if (!isSuccessful(opened.status)) throw await this.#failure(opened);
    const what = `${route.method} ${route.path} answer`;
    return parseValue(schema, parseJson(await this.#connection.readText(opened), opened.url, what), opened.url, what);
  }

  async *#stream(route: Route, options: A2ACallOptions): AsyncGenerator<A2AV1StreamEvent> {
    const opened = await this.#open(route, 'text/event-stream', options);
    if (!isSuccessful(opened.status)) throw await this.#failure(opened);
    if (opened.mediaType !== 'text/event-stream') {
      opened.response.body.destroy();
      throw new A2AClientError(
        'A2A_CLIENT_RESPONSE_INVALID',
        `The agent at ${opened.url} answered '${opened.mediaType || 'no content type'}' instead of an event stream.`,
        { url: opened.url },
      );
    }
    const what = `${route.path} event`;
    for await (const event of this.#connection.events(opened)) {
      const value = parseJson(event.data, opened.url, what);
      if (event.event === 'error') {
        throw (
          agentErrorFromStatus(value, opened.url) ??
          new A2AClientError(
            'A2A_CLIENT_RESPONSE_INVALID',
            `The agent at ${opened.url} ended the stream with an error event that is not a google.rpc.Status.`,
            { url: opened.url },
          )
        );
      }
      yield parseValue(streamAnswerSchema, value, opened.url, what);
    }
  }

  #open(route: Route, accept: string, options: A2ACallOptions): Promise<OpenedAnswer> {
    const prefix = route.tenant === undefined || route.tenant === '' ? '' : `/${encodeURIComponent(route.tenant)}`;
    const query = route.query === undefined || route.query.size === 0 ? '' : `?${route.query.toString()}`;
    return this.#connection.open({
      method: route.method,
      url: `${this.#base}${prefix}${route.path}${query}`,
      ...(route.body === undefined ? {} : { body: JSON.stringify(route.body), contentType: 'application/json' }),
      accept,
      authenticated: true,
      headers: { [a2aVersionHeader]: a2aV1ClientVersion },
      options,
    });
  }

  async #failure(opened: OpenedAnswer): Promise<A2AClientError> {
    const text = await this.#connection.readTextOfFailure(opened);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return unsuccessfulStatus(opened.url, opened.status, text);
    }
    return (
      agentErrorFromStatus(value, opened.url, opened.status) ?? unsuccessfulStatus(opened.url, opened.status, text)
    );
  }
}
