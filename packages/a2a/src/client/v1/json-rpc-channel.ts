import type { A2ACallOptions } from '../a2a-client.js';
import { A2AClientError } from '../a2a-client-error.js';
import { parseJson } from '../response-parsing.js';
import type { ClientConnection, OpenedAnswer } from './client-connection.js';
import { agentErrorFromJsonRpc, unsuccessfulStatus } from './v1-error-answer.js';
import { a2aVersionHeader } from './v1-transport.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSuccessful(status: number): boolean {
  return status >= 200 && status <= 299;
}

/** One `result` of a JSON-RPC answer, and where it came from (to name in errors). */
export interface JsonRpcResult {
  readonly result: unknown;
  readonly url: string;
}

/**
 * JSON-RPC 2.0 over one interface URL, for an A2A version: every call is a POST of `{
 * jsonrpc, id, method, params }` with `A2A-Version: <version>`; a stream is SSE whose every
 * `data` is a JSON-RPC response to the request's id. An `error` answer is thrown as
 * `A2AV1AgentError` (the codes of A2A 0.3 and 1.0 are the same); the shape of `result` is
 * the caller's to check.
 */
export class JsonRpcChannel {
  readonly #url: string;
  readonly #connection: ClientConnection;
  readonly #version: string;
  #nextId = 1;

  constructor(url: string, connection: ClientConnection, version: string) {
    this.#url = url;
    this.#connection = connection;
    this.#version = version;
  }

  async call(method: string, params: object, options: A2ACallOptions): Promise<JsonRpcResult> {
    const id = this.#nextId++;
    const opened = await this.#open(method, id, params, 'application/json', options);
    return { result: this.#resultOf(await this.#connection.readText(opened), id, opened, method), url: opened.url };
  }

  /** The `result` of each event, until the agent closes the stream (or the caller stops reading). */
  async *stream(method: string, params: object, options: A2ACallOptions): AsyncGenerator<JsonRpcResult> {
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
      yield { result: this.#answerOf(value, id, opened, method), url: opened.url };
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
      headers: { [a2aVersionHeader]: this.#version },
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
