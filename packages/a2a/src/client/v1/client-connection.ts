import { Agent, type Dispatcher, request } from 'undici';
import type { A2ASecuritySettings } from '../../security/a2a-security-settings.js';
import type { A2ACallOptions } from '../a2a-client.js';
import { A2AClientError } from '../a2a-client-error.js';
import { classifyFailure } from '../client-failure.js';
import { timeoutOf } from '../client-timeout.js';
import { clientTlsOptions } from '../client-tls.js';
import { readServerSentEvents, type ServerSentEvent } from '../sse-stream.js';

/** One HTTP request of a client. */
export interface ConnectionRequest {
  readonly method: Dispatcher.HttpMethod;
  readonly url: string;
  /** Sent as it is, with `contentType`. */
  readonly body?: string;
  readonly contentType?: string;
  readonly accept: string;
  /** Whether `ClientBearerToken` and `ClientApiKey` go with it (never for agent cards). */
  readonly authenticated: boolean;
  /** Further headers, such as the protocol version. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly options: A2ACallOptions;
}

/** An answer whose head has arrived; its body is still to be read (or destroyed). */
export interface OpenedAnswer {
  readonly url: string;
  readonly status: number;
  /** The media type of the body, lower case, without parameters ('' when none was given). */
  readonly mediaType: string;
  readonly response: Dispatcher.ResponseData;
  readonly timeout: AbortSignal;
  readonly signal: AbortSignal;
}

/**
 * The HTTP side of a client: one undici pool with the TLS options of `clientTlsOptions`
 * (full server certificate validation, set explicitly so that no environment variable can
 * weaken it), the credentials of `A2A:Security`, and a time limit per call. It leaves the
 * meaning of a status to its caller, because each binding reports failures differently.
 * `A2AClient`'s private `#headers`, `#open` and `#readText` do the same for the seed dialect.
 */
export class ClientConnection {
  readonly #settings: A2ASecuritySettings;
  readonly #dispatcher: Agent;
  readonly #timeoutMilliseconds: number;

  /** Throws `A2A_CLIENT_CONFIGURATION_INVALID` for an unusable CA or client certificate file. */
  constructor(settings: A2ASecuritySettings, timeoutMilliseconds: number) {
    this.#settings = settings;
    this.#dispatcher = new Agent({ connect: clientTlsOptions(settings) });
    this.#timeoutMilliseconds = timeoutMilliseconds;
  }

  /** Sends the request and waits for the answer's head; a failure to get one is thrown classified. */
  async open(call: ConnectionRequest): Promise<OpenedAnswer> {
    const timeout = AbortSignal.timeout(timeoutOf(call.options, 'The call options') ?? this.#timeoutMilliseconds);
    const signal = call.options.signal === undefined ? timeout : AbortSignal.any([timeout, call.options.signal]);
    let response: Dispatcher.ResponseData;
    try {
      response = await request(call.url, {
        method: call.method,
        headers: this.#headers(call),
        dispatcher: this.#dispatcher,
        signal,
        ...(call.body === undefined ? {} : { body: call.body }),
      });
    } catch (error) {
      throw classifyFailure(error, timeout, signal, call.url);
    }
    const type = String(response.headers['content-type'] ?? '');
    const mediaType = (type.split(';', 1)[0] ?? '').trim().toLowerCase();
    return { url: call.url, status: response.statusCode, mediaType, response, timeout, signal };
  }

  /** The whole body as text. */
  async readText(opened: OpenedAnswer): Promise<string> {
    try {
      return await opened.response.body.text();
    } catch (error) {
      throw classifyFailure(error, opened.timeout, opened.signal, opened.url);
    }
  }

  /** The body as text, or '' when it cannot be read: for error answers, whose status is reported anyway. */
  async readTextOfFailure(opened: OpenedAnswer): Promise<string> {
    try {
      return await opened.response.body.text();
    } catch {
      return '';
    }
  }

  /** The events of a `text/event-stream` body; leaving the loop early (or failing) closes the stream. */
  async *events(opened: OpenedAnswer): AsyncGenerator<ServerSentEvent> {
    try {
      yield* readServerSentEvents(opened.response.body);
    } catch (error) {
      // Leaving early or failing ends the body's own iteration, which destroys the stream.
      throw A2AClientError.isInstance(error)
        ? error
        : classifyFailure(error, opened.timeout, opened.signal, opened.url);
    }
  }

  /** Closes the pooled connections. */
  async close(): Promise<void> {
    await this.#dispatcher.close();
  }

  #headers(call: ConnectionRequest): Record<string, string> {
    const headers: Record<string, string> = { ...call.headers, accept: call.accept };
    if (call.body !== undefined) headers['content-type'] = call.contentType ?? 'application/json';
    if (call.authenticated) Object.assign(headers, credentialHeaders(this.#settings));
    return headers;
  }
}

/** The headers carrying `ClientBearerToken` and `ClientApiKey`, when they are set. */
export function credentialHeaders(settings: A2ASecuritySettings): Record<string, string> {
  const headers: Record<string, string> = {};
  if (settings.ClientBearerToken !== undefined) headers.authorization = `Bearer ${settings.ClientBearerToken}`;
  if (settings.ClientApiKey !== undefined) headers[settings.ApiKey.HeaderName.toLowerCase()] = settings.ClientApiKey;
  return headers;
}
