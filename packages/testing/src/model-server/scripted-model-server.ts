// One file for the scripted model server: the HTTP server, its script queue and request recording belong
// together; the dialects, answers, validation and the wire helpers live beside it.
import { once } from 'node:events';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { OrkeonError } from '@orkeon/core';
import type { TestingErrorCode } from '../errors/error-codes.js';
import { anthropicDialect } from './anthropic-dialect.js';
import type { ModelDialectFormat } from './model-dialect.js';
import { openAiDialect } from './openai-dialect.js';
import { answerEmbeddings, openAiEmbeddingsPath } from './openai-embeddings.js';
import type { RecordedRequest } from './recorded-request.js';
import { maxRequestBodyBytes, readRequestBody } from './request-body.js';
import { sendEventStream, sendJson, waitUnlessAborted } from './response-writer.js';
import { defaultScriptedModel, planAnswer } from './scripted-answer.js';
import { timingOf } from './scripted-timing.js';
import type { ScriptedTurn, StaticScriptedTurn } from './scripted-turn.js';
import { assertValidTurn, ScriptedTurnError } from './scripted-turn-validation.js';

export interface ScriptedModelServerOptions {
  /** Turns answered in order, one per model call; `enqueue` adds more later. */
  readonly turns?: readonly ScriptedTurn[];
  /**
   * When set, a model call without this key (`Authorization: Bearer <key>` for
   * OpenAI, `x-api-key: <key>` for Anthropic) is answered 401 and consumes no turn.
   */
  readonly requireApiKey?: string;
  /** Loopback address to listen on. Default `127.0.0.1`. */
  readonly host?: '127.0.0.1' | '::1';
  /** Default 0: a free port the system picks. */
  readonly port?: number;
}

/**
 * A real HTTP server on loopback that answers model calls from a script, in the
 * OpenAI chat-completions and Anthropic messages dialects (and OpenAI embeddings, computed from
 * the text: see `scriptedEmbedding`), and records every call.
 */
export interface ScriptedModelServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly url: string;
  readonly port: number;
  /** Base URL for OpenAI clients (`baseURL`, Orkeon's `Llm:BaseUrl`): `<url>/v1`. */
  readonly openAiBaseUrl: string;
  /** Base URL for Anthropic clients: `<url>/v1`; they call `<url>/v1/messages`. */
  readonly anthropicBaseUrl: string;
  /** Every model call so far, oldest first (a copy). Model listings and unknown paths are not recorded. */
  readonly requests: readonly RecordedRequest[];
  /** Turns not consumed yet. */
  readonly remainingTurns: number;
  /**
   * Answers started and not finished: waiting out `delayMilliseconds` or still streaming.
   * Drops back as soon as the server notices a client that went away, so a test
   * can check that cancelling a call really abandons it.
   */
  readonly pendingAnswers: number;
  /** The most answers pending at one time since the server started or was last reset: how many calls overlapped. */
  readonly mostPendingAnswers: number;
  /** Adds turns after the ones already scripted. Throws `ScriptedTurnError`, adding none, when one is invalid. */
  enqueue(...turns: ScriptedTurn[]): void;
  /** Forgets the remaining turns, the recorded requests and `mostPendingAnswers`; indexes start from 0 again. */
  reset(): void;
  /** Stops listening, ends open connections and unfinished answers, and frees the port. Safe to call twice. */
  close(): Promise<void>;
}

const dialectsByPath: ReadonlyMap<string, ModelDialectFormat> = new Map(
  [openAiDialect, anthropicDialect].map((format) => [format.path, format]),
);
const modelListPath = '/v1/models';
const knownEndpoints = `POST ${openAiDialect.path}, POST ${anthropicDialect.path}, POST ${openAiEmbeddingsPath} and GET ${modelListPath}`;
// Official OpenAI and Anthropic clients do not retry a 5xx carrying this header; a broken script will not mend on retry.
const doNotRetry: OutgoingHttpHeaders = { 'x-should-retry': 'false' };

/** Starts a scripted model server; stop it with `close()` or `await using`. */
export async function startScriptedModelServer(options: ScriptedModelServerOptions = {}): Promise<ScriptedModelServer> {
  const { host = '127.0.0.1', port = 0, requireApiKey, turns = [] } = options;
  if (host !== '127.0.0.1' && host !== '::1') {
    throw new OrkeonError<TestingErrorCode>(
      'SCRIPTED_MODEL_SERVER_OPTIONS_INVALID',
      `The scripted model server listens on loopback only; host must be '127.0.0.1' or '::1', not '${String(host)}'.`,
    );
  }
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new OrkeonError<TestingErrorCode>(
      'SCRIPTED_MODEL_SERVER_OPTIONS_INVALID',
      `port must be a whole number from 0 to 65535 (0 picks a free one), not ${String(port)}.`,
    );
  }
  if (requireApiKey !== undefined && (typeof requireApiKey !== 'string' || requireApiKey.length === 0)) {
    throw new OrkeonError<TestingErrorCode>(
      'SCRIPTED_MODEL_SERVER_OPTIONS_INVALID',
      'requireApiKey must be non-empty text when given.',
    );
  }
  turns.forEach((turn, position) => {
    assertValidTurn(turn, `Scripted turn ${position} of the turns option`);
  });
  const server = new RunningScriptedModelServer(requireApiKey, turns);
  await server.listen(host, port);
  return server;
}

class RunningScriptedModelServer implements ScriptedModelServer {
  readonly #http: Server;
  readonly #requireApiKey: string | undefined;
  readonly #turns: ScriptedTurn[];
  readonly #requests: RecordedRequest[] = [];
  /** Answers being written, awaited by `close` so nothing is written after it returns. */
  readonly #inFlight = new Set<Promise<void>>();
  #mostInFlight = 0;
  readonly #closing = new AbortController();
  #closed: Promise<void> | undefined;
  #url = '';
  #port = 0;

  constructor(requireApiKey: string | undefined, turns: readonly ScriptedTurn[]) {
    this.#requireApiKey = requireApiKey;
    this.#turns = [...turns];
    this.#http = createServer((request, response) => this.#track(request, response));
  }

  async listen(host: string, port: number): Promise<void> {
    this.#http.listen({ host, port });
    await once(this.#http, 'listening');
    this.#port = (this.#http.address() as AddressInfo).port;
    this.#url = `http://${host.includes(':') ? `[${host}]` : host}:${this.#port}`;
  }

  get url(): string {
    return this.#url;
  }

  get port(): number {
    return this.#port;
  }

  get openAiBaseUrl(): string {
    return `${this.#url}/v1`;
  }

  get anthropicBaseUrl(): string {
    return `${this.#url}/v1`;
  }

  get requests(): readonly RecordedRequest[] {
    return [...this.#requests];
  }

  get remainingTurns(): number {
    return this.#turns.length;
  }

  get pendingAnswers(): number {
    return this.#inFlight.size;
  }

  get mostPendingAnswers(): number {
    return this.#mostInFlight;
  }

  enqueue(...turns: ScriptedTurn[]): void {
    turns.forEach((turn, position) => {
      assertValidTurn(turn, `Scripted turn ${position} given to enqueue()`);
    });
    this.#turns.push(...turns);
  }

  reset(): void {
    this.#turns.length = 0;
    this.#requests.length = 0;
    this.#mostInFlight = this.#inFlight.size;
  }

  close(): Promise<void> {
    this.#closed ??= this.#shutDown();
    return this.#closed;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #shutDown(): Promise<void> {
    this.#closing.abort();
    const stopped = new Promise<void>((resolve, reject) => {
      this.#http.close((error) => (error === undefined ? resolve() : reject(error)));
    });
    // Keep-alive connections would otherwise hold the port until the client drops them.
    this.#http.closeAllConnections();
    await Promise.allSettled([...this.#inFlight]);
    await stopped;
  }

  #track(request: IncomingMessage, response: ServerResponse): void {
    // Writing to a client that has gone is expected here; it must not become an uncaught error.
    response.on('error', ignoreClientGone);
    const answering: Promise<void> = this.#answer(request, response)
      .catch((error: unknown) => {
        if (!response.headersSent) {
          sendJson(response, 500, {
            error: { message: `scripted model server: ${messageOf(error)}`, type: 'server_error' },
          });
        } else {
          response.destroy();
        }
      })
      .finally(() => this.#inFlight.delete(answering));
    this.#inFlight.add(answering);
    this.#mostInFlight = Math.max(this.#mostInFlight, this.#inFlight.size);
  }

  async #answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const clientLeft = new AbortController();
    response.once('close', () => clientLeft.abort());
    const signal = AbortSignal.any([clientLeft.signal, this.#closing.signal]);
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://scripted.invalid').pathname;

    if (path === modelListPath) {
      answerModelList(request, response, method);
      return;
    }
    // Embeddings are answered in OpenAI's dialect, from the text itself: no scripted turn is used.
    const format = path === openAiEmbeddingsPath ? openAiDialect : dialectsByPath.get(path);
    if (format === undefined) {
      sendJson(response, 404, {
        error: {
          message: `scripted model server: no endpoint ${method} ${path}; it serves ${knownEndpoints}.`,
          type: 'not_found_error',
        },
      });
      return;
    }
    if (method !== 'POST') {
      const message = `scripted model server: ${path} accepts POST only, not ${method}.`;
      sendJson(response, 405, format.errorBody(405, message), { allow: 'POST' });
      return;
    }

    const received = await readRequestBody(request);
    if (received.kind === 'aborted') return;
    const body = received.kind === 'complete' ? parseJsonObject(received.text) : undefined;
    const recorded: RecordedRequest = {
      index: this.#requests.length,
      dialect: format.dialect,
      method,
      path,
      headers: headersOf(request.headers),
      body,
      rawBody: received.kind === 'complete' ? received.text : '',
      stream: body?.stream === true,
      receivedAt: new Date(),
    };
    this.#requests.push(recorded);
    const label = `request #${recorded.index} (${method} ${path})`;
    const fail = (status: number, message: string, headers: OutgoingHttpHeaders = {}) =>
      sendJson(response, status, format.errorBody(status, `scripted model server: ${message}`), headers);

    if (received.kind === 'too-large') {
      return fail(413, `the body of ${label} is larger than ${maxRequestBodyBytes} bytes.`);
    }
    if (body === undefined) return fail(400, `the body of ${label} is not a JSON object.`);
    if (this.#requireApiKey !== undefined && !format.carriesApiKey(recorded.headers, this.#requireApiKey)) {
      return fail(401, `${label} has no valid API key; ${format.apiKeyHint}.`);
    }
    if (path === openAiEmbeddingsPath) {
      const embeddings = answerEmbeddings(body);
      return embeddings.status === 200
        ? sendJson(response, 200, embeddings.body)
        : sendJson(response, 400, format.errorBody(400, embeddings.message));
    }
    const next = this.#turns.shift();
    if (next === undefined) {
      return fail(500, `no scripted turn left for ${label}. Add turns with server.enqueue().`, doNotRetry);
    }

    let turn: StaticScriptedTurn;
    let send: () => Promise<void> | void;
    try {
      turn = await resolveTurn(next, recorded);
      send = prepareAnswer(turn, recorded, format, response, signal);
    } catch (error) {
      return fail(500, `${label}: ${messageOf(error)}`, doNotRetry);
    }
    if (!(await waitUnlessAborted(timingOf(turn, 'delayMilliseconds'), signal))) return;
    await send();
  }
}

/** Runs a turn function and checks what it returned. */
async function resolveTurn(turn: ScriptedTurn, request: RecordedRequest): Promise<StaticScriptedTurn> {
  if (typeof turn !== 'function') return turn;
  let result: StaticScriptedTurn;
  try {
    result = await turn(request);
  } catch (error) {
    throw new ScriptedTurnError(`the turn function threw: ${messageOf(error)}`, { cause: error });
  }
  if (typeof result === 'function') {
    throw new ScriptedTurnError('the turn function returned a function instead of a turn');
  }
  assertValidTurn(result, 'the turn the turn function returned');
  return result;
}

/** Builds the whole answer before any delay, so a turn that cannot be answered fails at once. */
function prepareAnswer(
  turn: StaticScriptedTurn,
  request: RecordedRequest,
  format: ModelDialectFormat,
  response: ServerResponse,
  signal: AbortSignal,
): () => Promise<void> | void {
  if (turn.error !== undefined) {
    const { status, retryAfterSeconds, type } = turn.error;
    const message = turn.error.message ?? `Scripted error: ${status} ${STATUS_CODES[status] ?? ''}`.trim();
    const headers = retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
    const body = format.errorBody(status, message, type);
    return () => sendJson(response, status, body, headers);
  }
  const answer = planAnswer(turn, request);
  if (request.stream) {
    const events = format.streamEvents(answer, request);
    return () => sendEventStream(response, events, answer.chunkDelayMilliseconds, signal);
  }
  const body = format.completionBody(answer, request);
  return () => sendJson(response, 200, body);
}

/** Some clients list the models before calling; the answer has the shape of the dialect that asked. */
function answerModelList(request: IncomingMessage, response: ServerResponse, method: string): void {
  if (method !== 'GET') {
    sendJson(
      response,
      405,
      {
        error: {
          message: `scripted model server: ${modelListPath} accepts GET only, not ${method}.`,
          type: 'invalid_request_error',
        },
      },
      { allow: 'GET' },
    );
    return;
  }
  const body =
    request.headers['anthropic-version'] === undefined
      ? { object: 'list', data: [{ id: defaultScriptedModel, object: 'model', created: 0, owned_by: 'scripted' }] }
      : {
          data: [
            {
              type: 'model',
              id: defaultScriptedModel,
              display_name: 'Scripted model',
              created_at: '1970-01-01T00:00:00Z',
            },
          ],
          has_more: false,
          first_id: defaultScriptedModel,
          last_id: defaultScriptedModel,
        };
  sendJson(response, 200, body);
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function headersOf(headers: IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) result[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function ignoreClientGone(): void {
  // The answer is abandoned through the abort signal; nothing else to do.
}
