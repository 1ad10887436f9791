import type { Logger } from '@orkeon/core';
import { Agent, type Dispatcher, request } from 'undici';
import {
  type A2ASecuritySettings,
  type A2ASecuritySettingsInput,
  resolveA2ASecuritySettings,
} from '../security/a2a-security-settings.js';
import { type A2AAgentCard, a2aAgentCardSchema } from '../wire/agent-card.js';
import { A2A_PATHS, A2A_SSE_DONE, A2A_SSE_STATUS_EVENT } from '../wire/sse.js';
import { type A2ATaskRecord, a2aTaskRecordSchema } from '../wire/task-record.js';
import type { A2ATaskRequest } from '../wire/task-request.js';
import { type A2ATaskResult, a2aTaskResultSchema } from '../wire/task-result.js';
import { A2AClientError } from './a2a-client-error.js';
import { classifyFailure } from './client-failure.js';
import { timeoutOf } from './client-timeout.js';
import { clientTlsOptions } from './client-tls.js';
import { errorText, parseBody, parseJson } from './response-parsing.js';
import { readServerSentEvents } from './sse-stream.js';

/** Time limit of one call when neither the call nor the client sets one: 30 seconds. */
export const defaultA2AClientTimeoutMilliseconds = 30_000;

/** @deprecated Use `defaultA2AClientTimeoutMilliseconds`. */
export const defaultA2AClientTimeoutMs = defaultA2AClientTimeoutMilliseconds;

/** @experimental SVCEXP001 */
export interface A2AClientOptions {
  /** `A2A:Security`: trusted CAs, the client certificate and the credentials sent on task calls. */
  readonly security?: A2ASecuritySettingsInput;
  /** Default time limit of each call in milliseconds; for `sendSubscribe` it covers the whole stream. */
  readonly timeoutMilliseconds?: number;
  /** @deprecated Use `timeoutMilliseconds`; still read when that is not set. */
  readonly timeoutMs?: number;
  readonly logger?: Logger;
}

/** @experimental SVCEXP001 */
export interface A2ACallOptions {
  /** Time limit of this call in milliseconds. */
  readonly timeoutMilliseconds?: number;
  /** @deprecated Use `timeoutMilliseconds`; still read when that is not set. */
  readonly timeoutMs?: number;
  /** Aborts the call (and, for `sendSubscribe`, the stream). */
  readonly signal?: AbortSignal;
}

/**
 * What `cancelTask` got back: the stored record, now `Cancelled`, when the agent keeps
 * task records; otherwise the agent's advisory acknowledgement.
 *
 * @experimental SVCEXP001
 */
export type A2ACancelOutcome =
  | { readonly kind: 'recorded'; readonly record: A2ATaskRecord }
  | { readonly kind: 'acknowledged'; readonly taskId: string; readonly note?: string };

interface Call {
  readonly method: Dispatcher.HttpMethod;
  readonly path: string;
  readonly body?: unknown;
  readonly authenticated: boolean;
  readonly accept: string;
  readonly options: A2ACallOptions;
}

interface Opened {
  readonly url: string;
  readonly response: Dispatcher.ResponseData;
  readonly timeout: AbortSignal;
  readonly signal: AbortSignal;
}

/**
 * The A2A client: sends tasks to another agent's REST dialect (`{base}/a2a/tasks/...`)
 * and reads its card. Every connection performs full server certificate validation, set
 * explicitly so that no environment variable (`NODE_TLS_REJECT_UNAUTHORIZED=0` included)
 * can turn it off; CAs listed in `TrustedCertificateAuthorities` are trusted in addition
 * to Node's bundled roots, and a host-name mismatch is never bypassed. An unusable client
 * certificate file throws `A2A_CLIENT_CONFIGURATION_INVALID` from the constructor. Task calls carry
 * `ClientBearerToken` and `ClientApiKey` when set; the card is fetched anonymously.
 *
 * @experimental SVCEXP001
 */
export class A2AClient implements AsyncDisposable {
  readonly baseUrl: string;
  readonly #settings: A2ASecuritySettings;
  readonly #dispatcher: Agent;
  readonly #timeoutMilliseconds: number;
  readonly #logger: Logger | undefined;

  constructor(baseUrl: string, options: A2AClientOptions = {}) {
    if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
      throw new A2AClientError(
        'A2A_CLIENT_CONFIGURATION_INVALID',
        `'${baseUrl}' is not an agent address: give an absolute http:// or https:// URL.`,
      );
    }
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.#settings = resolveA2ASecuritySettings(options.security ?? {});
    this.#dispatcher = new Agent({ connect: clientTlsOptions(this.#settings) });
    this.#timeoutMilliseconds = timeoutOf(options, 'The A2A client options') ?? defaultA2AClientTimeoutMilliseconds;
    this.#logger = options.logger;
  }

  /** `POST /a2a/tasks/send`: submits a task and waits for its result. */
  async send(task: A2ATaskRequest, options: A2ACallOptions = {}): Promise<A2ATaskResult> {
    const opened = await this.#open({
      method: 'POST',
      path: A2A_PATHS.send,
      body: task,
      authenticated: true,
      accept: 'application/json',
      options,
    });
    const text = await this.#readText(opened);
    if (text.trim().length === 0) {
      return {
        taskId: task.id ?? '',
        status: 'Failed',
        error: 'Empty response from remote agent',
        timestamp: new Date().toISOString(),
      };
    }
    return parseBody(a2aTaskResultSchema, text, opened.url, 'task result');
  }

  /**
   * `POST /a2a/tasks/sendSubscribe`: submits a task and yields each status update (a
   * `Working` update, then the final one) until the agent sends `[DONE]`. Leaving the
   * loop early closes the stream.
   */
  async *sendSubscribe(task: A2ATaskRequest, options: A2ACallOptions = {}): AsyncGenerator<A2ATaskResult> {
    const opened = await this.#open({
      method: 'POST',
      path: A2A_PATHS.sendSubscribe,
      body: task,
      authenticated: true,
      accept: 'text/event-stream',
      options,
    });
    const { response, url } = opened;
    const type = String(response.headers['content-type'] ?? '');
    let finished = false;
    try {
      if (!type.startsWith('text/event-stream')) {
        throw new A2AClientError(
          'A2A_CLIENT_RESPONSE_INVALID',
          `The agent at ${url} answered '${type || 'no content type'}' instead of an event stream.`,
          { url },
        );
      }
      for await (const event of readServerSentEvents(response.body)) {
        if (event.data.trim() === A2A_SSE_DONE) {
          finished = true;
          return;
        }
        if (event.event !== A2A_SSE_STATUS_EVENT && event.event !== 'message') continue;
        yield parseBody(a2aTaskResultSchema, event.data, url, 'task update');
      }
      throw new A2AClientError(
        'A2A_CLIENT_RESPONSE_INVALID',
        `The event stream of ${url} ended before '${A2A_SSE_DONE}'.`,
        { url },
      );
    } catch (error) {
      throw A2AClientError.isInstance(error) ? error : classifyFailure(error, opened.timeout, opened.signal, url);
    } finally {
      if (!finished || !response.body.destroyed) response.body.destroy();
    }
  }

  /** `GET /a2a/tasks/{id}`: the recorded task. An agent without task persistence answers 501 (thrown). */
  async getTask(taskId: string, options: A2ACallOptions = {}): Promise<A2ATaskRecord> {
    const opened = await this.#open({
      method: 'GET',
      path: A2A_PATHS.task(taskId),
      authenticated: true,
      accept: 'application/json',
      options,
    });
    return parseBody(a2aTaskRecordSchema, await this.#readText(opened), opened.url, 'task record');
  }

  /** `DELETE /a2a/tasks/{id}`: advisory cancellation; running work on the agent is not interrupted. */
  async cancelTask(taskId: string, options: A2ACallOptions = {}): Promise<A2ACancelOutcome> {
    const opened = await this.#open({
      method: 'DELETE',
      path: A2A_PATHS.task(taskId),
      authenticated: true,
      accept: 'application/json',
      options,
    });
    const text = await this.#readText(opened);
    const value = parseJson(text, opened.url, 'cancellation answer');
    const record = a2aTaskRecordSchema.safeParse(value);
    if (record.success) return { kind: 'recorded', record: record.data };
    if (typeof value === 'object' && value !== null && (value as { acknowledged?: unknown }).acknowledged === true) {
      const note = (value as { note?: unknown }).note;
      return typeof note === 'string' ? { kind: 'acknowledged', taskId, note } : { kind: 'acknowledged', taskId };
    }
    throw new A2AClientError(
      'A2A_CLIENT_RESPONSE_INVALID',
      `The agent at ${opened.url} answered the cancellation with neither a task record nor an acknowledgement.`,
      { url: opened.url },
    );
  }

  /** `GET /.well-known/agent.json`, anonymously. */
  async getAgentCard(options: A2ACallOptions = {}): Promise<A2AAgentCard> {
    const opened = await this.#open({
      method: 'GET',
      path: A2A_PATHS.agentCard,
      authenticated: false,
      accept: 'application/json',
      options,
    });
    return parseBody(a2aAgentCardSchema, await this.#readText(opened), opened.url, 'agent card');
  }

  /** Closes the client's connections. */
  async close(): Promise<void> {
    await this.#dispatcher.close();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  #headers(call: Call): Record<string, string> {
    const headers: Record<string, string> = { accept: call.accept };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.authenticated) {
      if (this.#settings.ClientBearerToken !== undefined) {
        headers.authorization = `Bearer ${this.#settings.ClientBearerToken}`;
      }
      if (this.#settings.ClientApiKey !== undefined) {
        headers[this.#settings.ApiKey.HeaderName.toLowerCase()] = this.#settings.ClientApiKey;
      }
    }
    return headers;
  }

  async #open(call: Call): Promise<Opened> {
    const url = `${this.baseUrl}${call.path}`;
    const timeout = AbortSignal.timeout(timeoutOf(call.options, 'The call options') ?? this.#timeoutMilliseconds);
    const signal = call.options.signal === undefined ? timeout : AbortSignal.any([timeout, call.options.signal]);
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method: call.method,
        headers: this.#headers(call),
        dispatcher: this.#dispatcher,
        signal,
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      });
    } catch (error) {
      throw classifyFailure(error, timeout, signal, url);
    }
    if (response.statusCode < 200 || response.statusCode > 299) {
      let text = '';
      try {
        text = await response.body.text();
      } catch {
        // The status alone is reported.
      }
      const serverError = errorText(text);
      this.#logger?.debug({ url, status: response.statusCode }, 'A2A call answered with an error status');
      throw new A2AClientError(
        'A2A_CLIENT_STATUS_UNSUCCESSFUL',
        `The agent at ${url} answered ${response.statusCode}${serverError === undefined ? '' : `: ${serverError}`}`,
        serverError === undefined
          ? { url, status: response.statusCode }
          : { url, status: response.statusCode, serverError },
      );
    }
    return { url, response, timeout, signal };
  }

  async #readText(opened: Opened): Promise<string> {
    try {
      return await opened.response.body.text();
    } catch (error) {
      throw classifyFailure(error, opened.timeout, opened.signal, opened.url);
    }
  }
}
