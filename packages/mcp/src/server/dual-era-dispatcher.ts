// One file over 300 lines: both eras share every handler, and the envelope checks, the era and the
// caller's grant decide each answer together; the pieces that stand alone live beside it (json-rpc,
// call-notifications, mcp-catalog).
import {
  legacyProtocolVersions,
  metaKeys,
  modernProtocolVersions,
  unsupportedProtocolVersionCode,
} from '../protocol/revisions.js';
import {
  isMcpLogLevel,
  logForwarder,
  type McpLogLevel,
  mcpLogLevels,
  progressForwarder,
} from './call-notifications.js';
import { type AskClient, clientCallerRequests } from './client-caller-requests.js';
import {
  errorResponse,
  type IncomingMessage,
  JsonRpcFailure,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  jsonRpcCodes,
} from './json-rpc.js';
import type { LegacySession } from './legacy-session.js';
import type { McpCallContext, McpCatalog, McpToolDescription, McpToolResult } from './mcp-catalog.js';
import { OutgoingRequests } from './outgoing-requests.js';
import { ParkedCalls } from './parked-calls.js';
import { listen, subscribe, unsubscribe } from './served-subscriptions.js';

export interface McpServerIdentity {
  readonly name: string;
  readonly version: string;
}

/**
 * Sends a message to the client while a request runs (stdio: a line; HTTP: an event of the
 * response's stream): a notification, or in the legacy era a request of the server.
 */
export type Notify = (message: JsonRpcNotification | JsonRpcRequest) => void;

/** One request as a transport hands it over. */
export interface McpExchange {
  /** Fires when the client gives up (closes the stream, cancels) or the server stops. */
  readonly signal: AbortSignal;
  /** Absent when the transport cannot send anything before the answer. */
  readonly notify?: Notify;
  /** Who is calling, when the transport authenticates (`MCP:Serve:Auth`). */
  readonly caller?: McpCaller;
  /** The legacy session the request belongs to: the stdio connection, or HTTP's `Mcp-Session-Id`. */
  readonly session?: LegacySession;
  /** Fires when the connection ends (stdio's input closed): streams that wait for the client stop then. */
  readonly connectionEnded?: AbortSignal;
}

/** The answer to one message, and the HTTP status it travels with (stdio ignores it). */
export interface DispatchResult {
  /** Absent for notifications and client responses: those are never answered. */
  readonly response?: JsonRpcResponse;
  readonly httpStatus: number;
  /** A tool call the caller's token does not cover (403): the transport adds the step-up challenge. */
  readonly needsWriteScope?: boolean;
}

/**
 * What an authenticated caller may use (`orkeon mcp serve --http` with `MCP:Serve:Auth`): every served
 * tool, or the Read ones only. Absent: the transport authenticates no one, and everything is served.
 */
export interface McpCaller {
  readonly tools: 'all' | 'read';
}

/** A tool call beyond the caller's grant. */
class WriteScopeRequired extends Error {}

type Era = 'modern' | 'legacy';

/** How long clients may cache the served lists: they do not change while the server runs. */
const listCache = { ttlMs: 300_000, cacheScope: 'public' } as const;
/** A deliverable changes whenever the crew runs: never cached. */
const readCache = { ttlMs: 0, cacheScope: 'private' } as const;

/** Methods the stateless era removed; a modern request for them is an unknown method. */
const legacyOnlyMethods = new Set([
  'initialize',
  'ping',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
]);
/** `subscriptions/listen` needs the stream of a modern request; the legacy era follows resources with `resources/subscribe`. */
const modernOnlyMethods = new Set(['subscriptions/listen']);

/**
 * Serves both MCP eras from one set of handlers, without state between requests.
 * A request whose `_meta` names a protocol version is modern: the version must be one
 * we speak (else -32022 with `{ supported, requested }`), its client capabilities must
 * be present (else -32602), and its result carries `resultType` and the server's
 * identity. A request without one is legacy (the `initialize` era); `initialize` only
 * chooses the revision, it opens nothing, so legacy requests are served before it too.
 */
export class DualEraDispatcher {
  readonly #catalog: McpCatalog;
  readonly #identity: McpServerIdentity;
  readonly #instructions: string | undefined;
  /**
   * Set by the legacy `logging/setLevel`; until then no log messages are sent. Without
   * sessions it holds for every legacy request this server answers afterwards.
   */
  #legacyLogLevel: McpLogLevel | undefined;
  /** Legacy-era requests of this server to its clients, waiting for their answers. */
  readonly #outgoing = new OutgoingRequests();
  /** Modern-era tool calls waiting for their clients' input. */
  readonly #parked = new ParkedCalls<McpToolResult>();
  /** Ends the open `subscriptions/listen` streams when the server closes. */
  readonly #closing = new AbortController();

  constructor(options: { catalog: McpCatalog; identity: McpServerIdentity; instructions?: string }) {
    this.#catalog = options.catalog;
    this.#identity = options.identity;
    this.#instructions = options.instructions;
  }

  /**
   * Answers one message. The exchange's `notify` carries what a request sends before its answer
   * (progress, log lines, a listen stream's notifications, legacy requests to the client); a
   * client's answer to such a request is routed to it here.
   */
  async dispatch(incoming: IncomingMessage, exchange: McpExchange): Promise<DispatchResult> {
    if (incoming.kind === 'invalid') return { response: incoming.response, httpStatus: 400 };
    if (incoming.kind === 'response') {
      this.#outgoing.settle(incoming.message);
      return { httpStatus: 202 };
    }
    if (incoming.kind !== 'request') return { httpStatus: 202 };
    const request = incoming.message;
    const era = this.#eraOf(request);
    if (typeof era !== 'string') return era;
    try {
      const result = await this.#answer(request, era, exchange);
      const complete = era === 'modern' ? this.#modernResult(result) : result;
      return { response: { jsonrpc: '2.0', id: request.id, result: complete }, httpStatus: 200 };
    } catch (error) {
      if (error instanceof WriteScopeRequired)
        return {
          response: errorResponse(request.id, jsonRpcCodes.invalidRequest, error.message),
          httpStatus: 403,
          needsWriteScope: true,
        };
      if (error instanceof JsonRpcFailure) {
        const notFound = error.code === jsonRpcCodes.methodNotFound && era === 'modern';
        return {
          response: errorResponse(request.id, error.code, error.message, error.data),
          httpStatus: notFound ? 404 : 200,
        };
      }
      const reason = error instanceof Error ? error.message : String(error);
      return {
        response: errorResponse(request.id, jsonRpcCodes.internalError, `Internal error: ${reason}`),
        httpStatus: 500,
      };
    }
  }

  /** The request's era, or the error that refuses its envelope. */
  #eraOf(request: JsonRpcRequest): Era | DispatchResult {
    const meta = request.params?._meta;
    const declared = isRecord(meta) ? meta[metaKeys.protocolVersion] : undefined;
    if (declared === undefined) return 'legacy';
    if (typeof declared !== 'string' || !modernProtocolVersions.includes(declared)) {
      return {
        response: errorResponse(
          request.id,
          unsupportedProtocolVersionCode,
          `Unsupported protocol version: ${JSON.stringify(declared)}. Declare one of ${modernProtocolVersions.join(', ')} in _meta, or use initialize for ${legacyProtocolVersions.join(', ')}.`,
          {
            supported: [...modernProtocolVersions],
            requested: typeof declared === 'string' ? declared : String(declared),
          },
        ),
        httpStatus: 400,
      };
    }
    const capabilities = (meta as Record<string, unknown>)[metaKeys.clientCapabilities];
    if (!isRecord(capabilities)) {
      return {
        response: errorResponse(
          request.id,
          jsonRpcCodes.invalidParams,
          `Invalid params: a request declaring ${metaKeys.protocolVersion} must also carry _meta["${metaKeys.clientCapabilities}"] (an object; {} declares none).`,
        ),
        httpStatus: 400,
      };
    }
    return 'modern';
  }

  /** Ends what outlives a request: listen streams, calls waiting for input, outstanding requests. */
  close(): void {
    this.#closing.abort();
    this.#parked.close();
  }

  async #answer(request: JsonRpcRequest, era: Era, exchange: McpExchange): Promise<Record<string, unknown>> {
    const { caller, session } = exchange;
    const params = request.params ?? {};
    if (era === 'modern' && legacyOnlyMethods.has(request.method)) throw methodNotFound(request.method, era);
    if (era === 'legacy' && modernOnlyMethods.has(request.method))
      throw new JsonRpcFailure(
        jsonRpcCodes.methodNotFound,
        `Method not found: '${request.method}' belongs to the 2026-07-28 revision: declare it in _meta, or follow a resource with resources/subscribe.`,
      );
    switch (request.method) {
      case 'server/discover':
        return {
          supportedVersions: [...modernProtocolVersions],
          capabilities: this.#capabilities('modern'),
          serverInfo: this.#identity,
          ...(this.#instructions === undefined ? {} : { instructions: this.#instructions }),
          ...listCache,
        };
      case 'initialize':
        if (session !== undefined && isRecord(params.capabilities)) session.capabilities = params.capabilities;
        return this.#initialize(params);
      case 'ping':
        return {};
      case 'logging/setLevel':
        if (!isMcpLogLevel(params.level))
          throw new JsonRpcFailure(
            jsonRpcCodes.invalidParams,
            `Invalid params: 'level' must be one of ${mcpLogLevels.join(', ')}.`,
          );
        if (session === undefined) this.#legacyLogLevel = params.level;
        else session.logLevel = params.level;
        return {};
      case 'tools/list': {
        if (caller === undefined) return { tools: this.#catalog.listTools(), ...listCache };
        // Each caller sees its own list: a shared cache would hand one caller's list to another.
        const tools = this.#catalog.listTools().filter((tool) => caller.tools === 'all' || isReadOnly(tool));
        return { tools, ...listCache, cacheScope: 'private' };
      }
      case 'tools/call': {
        const name = requireString(params, 'name');
        const tool = this.#catalog.listTools().find((candidate) => candidate.name === name);
        if (caller?.tools === 'read' && tool !== undefined && !isReadOnly(tool))
          throw new WriteScopeRequired(
            `Forbidden: '${name}' is not a read-only tool, and this token grants the read-only tools only.`,
          );
        return this.#callTool(request, name, era, exchange);
      }
      case 'resources/subscribe':
        await subscribe(this.#catalog, session, requireString(params, 'uri'));
        return {};
      case 'resources/unsubscribe':
        unsubscribe(session, requireString(params, 'uri'));
        return {};
      case 'subscriptions/listen':
        return listen(
          this.#catalog,
          request.id,
          params,
          exchange.notify,
          AbortSignal.any([
            exchange.signal,
            this.#closing.signal,
            ...(exchange.connectionEnded === undefined ? [] : [exchange.connectionEnded]),
          ]),
        );
      case 'resources/list':
        return { resources: this.#catalog.listResources(), ...listCache };
      case 'resources/templates/list':
        return { resourceTemplates: this.#catalog.listResourceTemplates(), ...listCache };
      case 'resources/read': {
        const uri = requireString(params, 'uri');
        try {
          return { contents: [await this.#catalog.readResource(uri)], ...readCache };
        } catch (error) {
          // The stateless era moved "resource not found" from -32002 to invalid params.
          if (error instanceof JsonRpcFailure && era === 'legacy' && error.code === jsonRpcCodes.invalidParams)
            throw new JsonRpcFailure(jsonRpcCodes.resourceNotFound, error.message, error.data);
          throw error;
        }
      }
      case 'completion/complete':
        // Prompt arguments are free text: there is nothing to suggest, which the spec allows.
        return { completion: { values: [], hasMore: false } };
      case 'prompts/list':
        return { prompts: this.#catalog.listPrompts(), ...listCache };
      case 'prompts/get': {
        const name = requireString(params, 'name');
        const input = isRecord(params.arguments) ? params.arguments : {};
        return { ...(await this.#catalog.getPrompt(name, input)) };
      }
      default:
        throw methodNotFound(request.method, era);
    }
  }

  /**
   * A tool call. What the client declared it can answer reaches the tool: in the legacy era as
   * requests on the call's own stream (`elicitation/create`, `sampling/createMessage`), in the
   * modern era as `input_required` rounds, the call waiting here until the client's retry.
   */
  async #callTool(
    request: JsonRpcRequest,
    name: string,
    era: Era,
    exchange: McpExchange,
  ): Promise<Record<string, unknown>> {
    const params = request.params ?? {};
    const input = params.arguments ?? {};
    const listeners = this.#listeners(params, era, name, exchange);
    const context = { requestId: request.id, ...listeners };
    if (era === 'legacy') {
      const { notify, session, signal } = exchange;
      const ask: AskClient = (method, askParams) =>
        this.#outgoing.send(
          method,
          askParams,
          (message) => {
            notify?.(message);
            return notify !== undefined;
          },
          exchange.connectionEnded === undefined ? signal : AbortSignal.any([signal, exchange.connectionEnded]),
        );
      const callerRequests =
        notify === undefined || session?.capabilities === undefined
          ? undefined
          : clientCallerRequests(session.capabilities, ask);
      return {
        ...(await this.#catalog.callTool(name, input, {
          ...context,
          signal,
          ...(callerRequests === undefined ? {} : { callerRequests }),
        })),
      };
    }
    const meta = isRecord(params._meta) ? params._meta : {};
    const capabilities = meta[metaKeys.clientCapabilities];
    // A client that can answer nothing is never asked: its calls run straight through.
    if (typeof params.requestState !== 'string' && !canAnswer(capabilities))
      return { ...(await this.#catalog.callTool(name, input, { ...context, signal: exchange.signal })) };
    const outcome =
      typeof params.requestState === 'string'
        ? await this.#parked.resume(params.requestState, params.inputResponses, exchange.signal)
        : await this.#parked.start(
            (ask, signal) =>
              this.#catalog.callTool(name, input, {
                ...context,
                signal,
                callerRequests: clientCallerRequests(capabilities, ask),
              }),
            exchange.signal,
          );
    if (outcome.kind === 'complete') return { ...outcome.result };
    return { resultType: 'input_required', inputRequests: outcome.inputRequests, requestState: outcome.requestState };
  }

  /**
   * Who hears a tool call: the client's progress token, when the request has one, and
   * its log level (`_meta` in the modern era, `logging/setLevel` in the legacy one).
   * Nothing listens when the transport cannot send notifications.
   */
  #listeners(
    params: Record<string, unknown>,
    era: Era,
    tool: string,
    { notify, session }: McpExchange,
  ): Pick<McpCallContext, 'onProgress' | 'onLog'> {
    const meta = isRecord(params._meta) ? params._meta : {};
    const requested =
      era === 'modern' ? meta[metaKeys.logLevel] : session === undefined ? this.#legacyLogLevel : session.logLevel;
    if (requested !== undefined && !isMcpLogLevel(requested))
      throw new JsonRpcFailure(
        jsonRpcCodes.invalidParams,
        `Invalid params: _meta["${metaKeys.logLevel}"] must be one of ${mcpLogLevels.join(', ')}.`,
      );
    if (notify === undefined) return {};
    const token = meta.progressToken;
    return {
      ...(typeof token === 'string' || typeof token === 'number'
        ? { onProgress: progressForwarder(token, notify) }
        : {}),
      ...(requested === undefined ? {} : { onLog: logForwarder(tool, requested, notify) }),
    };
  }

  #initialize(params: Record<string, unknown>): Record<string, unknown> {
    const requested = params.protocolVersion;
    // A revision we speak is echoed; any other (2025-03-26 included) gets the newest legacy one.
    const chosen =
      typeof requested === 'string' && legacyProtocolVersions.includes(requested)
        ? requested
        : (legacyProtocolVersions[0] as string);
    return {
      protocolVersion: chosen,
      capabilities: this.#capabilities('legacy'),
      serverInfo: this.#identity,
      ...(this.#instructions === undefined ? {} : { instructions: this.#instructions }),
    };
  }

  /** No `listChanged`: the served set is fixed. Resources can be followed (`subscribe`, `subscriptions/listen`). */
  #capabilities(era: Era): Record<string, unknown> {
    const shared = { tools: {}, resources: { subscribe: true }, prompts: {}, completions: {} };
    return era === 'legacy' ? { ...shared, logging: {} } : shared;
  }

  #modernResult(result: Record<string, unknown>): Record<string, unknown> {
    const meta = isRecord(result._meta) ? result._meta : {};
    return {
      ...result,
      resultType: result.resultType === 'input_required' ? 'input_required' : 'complete',
      _meta: { ...meta, [metaKeys.serverInfo]: this.#identity },
    };
  }
}

function methodNotFound(method: string, era: Era): JsonRpcFailure {
  const hint = legacyOnlyMethods.has(method)
    ? ` '${method}' belongs to the initialize era: send it without a protocol version in _meta.`
    : ' Supported: server/discover, tools/list, tools/call, resources/list, resources/templates/list, resources/read, resources/subscribe, resources/unsubscribe, subscriptions/listen, prompts/list, prompts/get, completion/complete.';
  return new JsonRpcFailure(
    jsonRpcCodes.methodNotFound,
    `Method not found: '${method}'.${era === 'modern' || !legacyOnlyMethods.has(method) ? hint : ''}`,
  );
}

function requireString(params: Record<string, unknown>, key: string): string {
  const value = params[key];
  if (typeof value !== 'string' || value === '')
    throw new JsonRpcFailure(jsonRpcCodes.invalidParams, `Invalid params: '${key}' must be a non-empty string.`);
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a client's declared capabilities let a tool ask it anything (elicitation or sampling). */
function canAnswer(capabilities: unknown): boolean {
  const requests = clientCallerRequests(capabilities, () => Promise.reject(new Error('unused')));
  return requests.elicit !== undefined || requests.sample !== undefined;
}

function isReadOnly(tool: McpToolDescription): boolean {
  return tool.annotations?.readOnlyHint === true;
}
