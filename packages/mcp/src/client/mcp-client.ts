// One file over 300 lines: negotiation, reopening and every request share the state of
// one SDK client (its era, its handlers, the calls in flight); the parts that stand
// alone live beside it (calls-in-flight, describe-failure, elicitation-answer, remote-log).
import {
  type CallToolResult,
  Client,
  type FetchLike,
  type GetPromptResult,
  type Implementation,
  LOG_LEVEL_META_KEY,
  type Prompt,
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  type Resource,
  SdkError,
  SdkErrorCode,
  type Tool as SdkTool,
  type Transport,
} from '@modelcontextprotocol/client';
import type { Logger } from '@orkeon/core';
import { modernProtocolVersions, unsupportedProtocolVersionCode } from '../protocol/revisions.js';
import type { McpServerSettings } from '../settings/mcp-settings.js';
import { logMessageOf, type McpCallOptions } from './call-listeners.js';
import { CallsInFlight } from './calls-in-flight.js';
import { watchChild } from './child-watch.js';
import { describeFailure } from './describe-failure.js';
import type { McpElicitationHandler } from './elicitation.js';
import { answerElicitation } from './elicitation-answer.js';
import { McpClientError } from './mcp-client-error.js';
import { createTransport } from './mcp-transport.js';
import { maxProbeMilliseconds, type NegotiationPlan, negotiationPlan } from './negotiation-plan.js';
import { writeRemoteLog } from './remote-log.js';
import { type McpResourceSubscription, ResourceSubscriptions } from './resource-subscriptions.js';
import type { McpSamplingHandler } from './sampling.js';

/** How Orkeon introduces itself to MCP servers. */
export const mcpClientInfo: Implementation = { name: 'Orkeon', version: '1.0.0' };

export interface McpClientOptions {
  readonly logger: Logger;
  /** Called after the server said its tool list changed (`notifications/tools/list_changed`). */
  readonly onToolsChanged?: () => void;
  /** Gives up connecting (the first connection only); a started server is stopped. */
  readonly signal?: AbortSignal;
  /** Builds the transport; default: from the settings entry. */
  readonly transport?: () => Transport;
  /** Http: sends each request, e.g. with OAuth tokens (`runAuthorizedFetch`); default the global fetch. */
  readonly fetch?: FetchLike;
  /**
   * Answers a server's `elicitation/create` (form mode) during a call. Given, the
   * client declares `elicitation: { form: { applyDefaults: true } }`; without it,
   * nothing is declared and a server that asks anyway is declined.
   */
  readonly elicitation?: McpElicitationHandler;
  /**
   * Answers the server's `sampling/createMessage` (and sampling inside a multi-round-trip request)
   * when the entry's `Sampling:Enabled` is true; only then is the capability declared.
   */
  readonly sampling?: McpSamplingHandler;
}

/** Rounds of a multi-round-trip request before the call fails: a server that keeps asking is not followed forever. */
const maxInputRounds = 5;

/** Whether a connection speaks the per-request `_meta` revision or the `initialize` one. */
export type McpEra = 'modern' | 'legacy';

/**
 * One connection to one MCP server, through the official SDK's client. Connecting
 * negotiates the revision: a `server/discover` probe declaring 2026-07-28 in `_meta`;
 * a result with `supportedVersions` adopts the newest common revision, one without
 * it means a legacy server; `-32022` reads the server's list and retries; any other
 * error falls back to `initialize` offering 2025-11-25 (2025-06-18 and 2024-11-05
 * accepted in answer, 2025-03-26 never). A stdio server is probed on the process
 * that then serves; one that exits on the probe is started once more, with
 * `initialize` alone. `ProtocolVersion` pins the revision instead. On a modern
 * connection every request carries `_meta`; a `-32022` mid-flight renegotiates
 * once and retries.
 */
export class McpClient {
  readonly serverId: string;
  readonly #settings: McpServerSettings;
  readonly #options: McpClientOptions;
  #sdk: Client | undefined;
  #closedByPeer = false;
  #closing = false;
  /** The server exited on the `server/discover` probe: later connections skip it. */
  #exitsOnProbe = false;
  readonly #calls: CallsInFlight;
  readonly #subscriptions = new ResourceSubscriptions();

  private constructor(serverId: string, settings: McpServerSettings, options: McpClientOptions) {
    this.serverId = serverId;
    this.#settings = settings;
    this.#options = options;
    this.#calls = new CallsInFlight(options.logger);
  }

  /** Connects and negotiates; throws `McpClientError` naming the server and the cause. */
  static async connect(serverId: string, settings: McpServerSettings, options: McpClientOptions): Promise<McpClient> {
    const client = new McpClient(serverId, settings, options);
    await client.#open(options.signal);
    return client;
  }

  get timeoutMilliseconds(): number {
    return this.#settings.TimeoutSeconds * 1000;
  }

  /** The revision in use, e.g. `2026-07-28` or `2025-11-25`. */
  get protocolVersion(): string {
    return this.#connected().getNegotiatedProtocolVersion() ?? 'unknown';
  }

  get era(): McpEra {
    return modernProtocolVersions.includes(this.protocolVersion) ? 'modern' : 'legacy';
  }

  /** The server's name and version as it gave them. */
  get serverInfo(): Implementation | undefined {
    return this.#sdk?.getServerVersion();
  }

  async listTools(): Promise<SdkTool[]> {
    return (
      await this.#request('tools/list', (sdk) =>
        sdk.listTools(undefined, { ...this.#requestOptions(), cacheMode: 'refresh' }),
      )
    ).tools;
  }

  /**
   * Calls a tool. While it runs, the server's progress for it goes to `onProgress`,
   * and its log messages to `onLog` (see `McpCallOptions`); both are called in the
   * caller's asynchronous context.
   */
  async callTool(name: string, input: Record<string, unknown>, options: McpCallOptions = {}): Promise<CallToolResult> {
    // A server's question or report during the call is handled in the caller's context (its run, its events).
    const call = this.#calls.begin(name, options);
    const { signal } = options;
    try {
      return await this.#request(`tools/call ${name}`, (sdk) => {
        const meta = {
          ...(call.progressToken === undefined ? {} : { progressToken: call.progressToken }),
          // The modern era asks for log messages per request; the legacy one did so once, after initialize.
          ...(this.#settings.LogLevel !== 'off' && this.era === 'modern'
            ? { [LOG_LEVEL_META_KEY]: this.#settings.LogLevel }
            : {}),
        };
        return sdk.callTool(
          { name, arguments: input, ...(Object.keys(meta).length === 0 ? {} : { _meta: meta }) },
          { ...this.#requestOptions(), ...(signal === undefined ? {} : { signal }) },
        );
      });
    } finally {
      this.#calls.end(call);
    }
  }

  async listResources(): Promise<Resource[]> {
    return (
      await this.#request('resources/list', (sdk) =>
        sdk.listResources(undefined, { ...this.#requestOptions(), cacheMode: 'bypass' }),
      )
    ).resources;
  }

  async readResource(uri: string): Promise<ReadResourceResult> {
    return this.#request(`resources/read ${uri}`, (sdk) =>
      sdk.readResource({ uri }, { ...this.#requestOptions(), cacheMode: 'bypass' }),
    );
  }

  /** Whether the server lets clients follow a resource's changes (`resources.subscribe`). */
  get offersSubscriptions(): boolean {
    return this.#sdk?.getServerCapabilities()?.resources?.subscribe === true;
  }

  /**
   * Follows a resource: `onUpdated` hears each change the server announces, until `close()`.
   * Legacy era: `resources/subscribe`; 2026-07-28: a `subscriptions/listen` stream. The changed
   * content is read with `readResource`. A connection that closes ends its subscriptions.
   */
  async subscribeResource(uri: string, onUpdated: (uri: string) => void): Promise<McpResourceSubscription> {
    if (!this.offersSubscriptions)
      throw new McpClientError(
        'MCP_SERVER_REQUEST_FAILED',
        `MCP server '${this.serverId}' does not offer resource subscriptions (its capabilities lack resources.subscribe).`,
        { details: { serverId: this.serverId } },
      );
    return this.#request(`subscribe ${uri}`, (sdk) =>
      this.#subscriptions.add(sdk, this.era === 'modern', uri, onUpdated),
    );
  }

  async listPrompts(): Promise<Prompt[]> {
    return (
      await this.#request('prompts/list', (sdk) =>
        sdk.listPrompts(undefined, { ...this.#requestOptions(), cacheMode: 'bypass' }),
      )
    ).prompts;
  }

  async getPrompt(name: string, input: Record<string, string> = {}): Promise<GetPromptResult> {
    return this.#request(`prompts/get ${name}`, (sdk) =>
      sdk.getPrompt({ name, arguments: input }, this.#requestOptions()),
    );
  }

  /** Ends the connection (a stdio server: stdin closed, then SIGTERM, then SIGKILL). */
  async close(): Promise<void> {
    this.#closing = true;
    this.#subscriptions.clear();
    const sdk = this.#sdk;
    this.#sdk = undefined;
    await sdk?.close().catch(() => undefined);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  #requestOptions() {
    return { timeout: this.timeoutMilliseconds };
  }

  async #open(signal?: AbortSignal): Promise<void> {
    let plan = this.#plan(this.#exitsOnProbe);
    let outcome = await this.#handshake(plan, signal);
    if ('error' in outcome && outcome.exitedOnItsOwn && plan.mayRetryWithoutProbe && signal?.aborted !== true) {
      this.#options.logger.info(
        { mcpServer: this.serverId },
        `MCP server '${this.serverId}' exited on the server/discover probe (a legacy server that allows nothing before initialize); starting it again with initialize alone.`,
      );
      plan = this.#plan(true);
      outcome = await this.#handshake(plan, signal);
      if (!('error' in outcome)) this.#exitsOnProbe = true;
    }
    if ('error' in outcome) {
      if (signal?.aborted === true)
        throw new McpClientError('MCP_SERVER_TIMEOUT', `Connecting to MCP server '${this.serverId}' was given up.`, {
          cause: outcome.error,
          details: { serverId: this.serverId },
        });
      throw this.#translate(plan.handshake, outcome.error, true);
    }
    this.#sdk = outcome.sdk;
    this.#closedByPeer = false;
    await this.#askForLogs(outcome.sdk);
  }

  #plan(withoutProbe: boolean): NegotiationPlan {
    return negotiationPlan({
      pinned: this.#settings.ProtocolVersion,
      withoutProbe,
      timeoutMilliseconds: this.timeoutMilliseconds,
    });
  }

  /**
   * One transport (one process on stdio), one SDK client, one handshake. A failure
   * leaves nothing running and says whether the process ended by itself.
   */
  async #handshake(
    plan: NegotiationPlan,
    signal: AbortSignal | undefined,
  ): Promise<{ sdk: Client } | { error: unknown; exitedOnItsOwn: boolean }> {
    const sdk = this.#newSdk(plan);
    const transport =
      this.#options.transport?.() ??
      createTransport(this.serverId, this.#settings, this.#options.logger, this.#options.fetch);
    const child = watchChild(transport);
    sdk.onclose = () => {
      if (this.#sdk === sdk && !this.#closing) this.#closedByPeer = true;
    };
    try {
      await sdk.connect(transport, {
        timeout: this.timeoutMilliseconds,
        ...(plan.prior === undefined ? {} : { prior: plan.prior }),
        ...(signal === undefined ? {} : { signal }),
      });
      return { sdk };
    } catch (error) {
      // Read before this side closes the transport, which would count as asked for.
      const exitedOnItsOwn = child.exitedOnItsOwn;
      await sdk.close().catch(() => undefined);
      await transport.close().catch(() => undefined);
      await child.stop();
      return { error, exitedOnItsOwn };
    }
  }

  #newSdk(plan: NegotiationPlan): Client {
    const handler = this.#options.elicitation;
    const sampling = this.#settings.Sampling.Enabled ? this.#options.sampling : undefined;
    const sdk = new Client(mcpClientInfo, {
      capabilities: {
        // SEP-1034: the client fills in the defaults of the fields an answer leaves out.
        ...(handler === undefined ? {} : { elicitation: { form: { applyDefaults: true } } }),
        ...(sampling === undefined ? {} : { sampling: {} }),
      },
      supportedProtocolVersions: plan.supportedProtocolVersions,
      ...(plan.versionNegotiation === undefined ? {} : { versionNegotiation: plan.versionNegotiation }),
      // Multi-round-trip requests (2026-07-28): the elicitations an input_required result holds go to the
      // same handler as a legacy server's elicitation/create, then the SDK sends the request again with the
      // answers. Without a handler, nothing is declared and such a result is the call's error.
      inputRequired: { autoFulfill: handler !== undefined || sampling !== undefined, maxRounds: maxInputRounds },
      listChanged: {
        tools: { autoRefresh: false, onChanged: () => this.#options.onToolsChanged?.() },
      },
    });
    if (handler !== undefined)
      sdk.setRequestHandler('elicitation/create', (request, context) => {
        // Answered in the context of the latest tool call in flight: its run sees the question.
        const call = this.#calls.latest();
        return answerElicitation({
          serverId: this.serverId,
          request,
          handler,
          signal: context.mcpReq.signal,
          toolName: call?.toolName,
          caller: call?.caller,
          resume: call?.resume ?? ((work) => work()),
          logger: this.#options.logger,
        });
      });
    if (sampling !== undefined)
      sdk.setRequestHandler('sampling/createMessage', (request, context) => {
        const call = this.#calls.latest();
        return sampling(
          {
            serverId: this.serverId,
            params: request.params as Record<string, unknown>,
            ...(call === undefined ? {} : { call }),
          },
          context.mcpReq.signal,
        ) as never;
      });
    // A server that asks without the capability declared is declined, never left waiting.
    else
      sdk.fallbackRequestHandler = async (request) => {
        if (request.method === 'elicitation/create') return { action: 'decline' };
        throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
      };
    // Progress is routed by the token Orkeon sent until the call's answer has been handled. (The SDK's
    // own routing forgets the token as the answer arrives, losing reports read in the same chunk.)
    sdk.setNotificationHandler('notifications/progress', (notification) =>
      this.#calls.progress(notification.params as Record<string, unknown>),
    );
    sdk.setNotificationHandler('notifications/resources/updated', (notification) =>
      this.#subscriptions.updated(String((notification.params as { uri?: unknown }).uri)),
    );
    sdk.setNotificationHandler('notifications/message', (notification) => {
      const message = logMessageOf(notification.params as Record<string, unknown>, this.#settings.LogLevel);
      if (message !== undefined)
        this.#calls.log(message, (elsewhere) => writeRemoteLog(this.#options.logger, this.serverId, elsewhere));
    });
    return sdk;
  }

  /**
   * Legacy era: `logging/setLevel` once, when the server declares `logging` and a
   * `LogLevel` is set. A server that refuses it is still usable: one warning.
   */
  async #askForLogs(sdk: Client): Promise<void> {
    const level = this.#settings.LogLevel;
    if (level === 'off' || this.era === 'modern' || sdk.getServerCapabilities()?.logging === undefined) return;
    try {
      await sdk.setLoggingLevel(level, { timeout: Math.min(this.timeoutMilliseconds, maxProbeMilliseconds) });
    } catch (error) {
      this.#options.logger.warn(
        { mcpServer: this.serverId, err: error },
        `MCP server '${this.serverId}' refused logging/setLevel ${level}; its log messages may not reach Orkeon.`,
      );
    }
  }

  /** Runs one request; a closed connection is reopened first, a `-32022` renegotiates once. */
  async #request<T>(what: string, send: (sdk: Client) => Promise<T>): Promise<T> {
    if (this.#closedByPeer || this.#sdk === undefined) {
      if (this.#closing) throw this.#translate(what, new SdkError(SdkErrorCode.NotConnected, 'closed'), false);
      await this.#reopen();
    }
    try {
      return await send(this.#connected());
    } catch (error) {
      if (!isUnsupportedVersion(error)) throw this.#translate(what, error, false);
      this.#options.logger.info(
        { mcpServer: this.serverId },
        `MCP server '${this.serverId}' no longer accepts ${this.protocolVersion}; negotiating again.`,
      );
      await this.#renegotiate();
      try {
        return await send(this.#connected());
      } catch (retryError) {
        throw this.#translate(what, retryError, false);
      }
    }
  }

  /**
   * After a `-32022`. A modern connection asks `server/discover` again on itself and
   * stays when the server still lists its revision (no new process); otherwise, or on
   * a legacy connection, a new connection is negotiated (one new process on stdio).
   */
  async #renegotiate(): Promise<void> {
    const sdk = this.#sdk;
    if (sdk !== undefined && !this.#closedByPeer && this.era === 'modern') {
      const version = this.protocolVersion;
      const listed = await sdk.discover({ timeout: Math.min(this.timeoutMilliseconds, maxProbeMilliseconds) }).then(
        (found) => found.supportedVersions.includes(version),
        () => false,
      );
      if (listed) {
        this.#options.logger.debug(
          { mcpServer: this.serverId },
          `MCP server '${this.serverId}' still lists ${version} in server/discover; retrying on the same connection.`,
        );
        return;
      }
    }
    await this.#reopen();
  }

  async #reopen(): Promise<void> {
    // The new connection has subscribed to nothing: the old subscriptions ended with the old one.
    this.#subscriptions.clear();
    const old = this.#sdk;
    this.#sdk = undefined;
    await old?.close().catch(() => undefined);
    await this.#open();
  }

  #connected(): Client {
    if (this.#sdk === undefined)
      throw new McpClientError('MCP_SERVER_CLOSED', `The connection to MCP server '${this.serverId}' is closed.`);
    return this.#sdk;
  }

  #translate(what: string, error: unknown, connecting: boolean): McpClientError {
    return describeFailure({
      serverId: this.serverId,
      what,
      error,
      connecting,
      timeoutSeconds: this.#settings.TimeoutSeconds,
      pinned: this.#settings.ProtocolVersion,
    });
  }
}

function isUnsupportedVersion(error: unknown): boolean {
  return error instanceof ProtocolError && error.code === unsupportedProtocolVersionCode;
}
