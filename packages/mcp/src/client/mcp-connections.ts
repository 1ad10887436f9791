import type { FetchLike, Tool as SdkTool } from '@modelcontextprotocol/client';
import type { Logger, Tool, ToolRegistry } from '@orkeon/core';
import type { McpServerSettings, McpSettings } from '../settings/mcp-settings.js';
import type { McpElicitationHandler } from './elicitation.js';
import { McpClient } from './mcp-client.js';
import { McpTool, orkeonToolNamePattern } from './mcp-tool.js';
import type { McpSamplingHandler } from './sampling.js';

/** How long runners wait for the servers before the crew loads without the slow ones. */
export const defaultConnectWaitMilliseconds = 30_000;

/** One configured server: its client once connected, or why it is not. */
export interface McpServerState {
  readonly id: string;
  readonly settings: McpServerSettings;
  readonly client?: McpClient;
  readonly error?: Error;
  /** Its tools that joined the registry, by name. */
  readonly tools: ReadonlyMap<string, McpTool>;
}

/**
 * The configured MCP servers and their tools. Connects every server at once; a
 * server still pending after the wait costs one error line and is left out (its
 * connection is closed when it finally answers). Keeps each server's tools in step
 * with `notifications/tools/list_changed`.
 */
export class McpConnections {
  readonly #logger: Logger;
  #elicitation: McpElicitationHandler | undefined;
  #fetchFor: ((id: string, settings: McpServerSettings) => FetchLike | undefined) | undefined;
  #sampling: McpSamplingHandler | undefined;
  readonly #servers = new Map<string, MutableState>();
  /** Names every other tool holds, which an MCP tool may not take. */
  #takenNames: (name: string) => string | undefined = () => undefined;
  #registry: ToolRegistry | undefined;
  #closed = false;
  /** Connections still being made after the wait, and how to stop them. */
  readonly #late = new Set<{ stop: AbortController; settled: Promise<unknown> }>();

  private constructor(logger: Logger) {
    this.#logger = logger;
  }

  static async connect(
    settings: McpSettings,
    options: {
      logger: Logger;
      waitMilliseconds?: number;
      takenNames?: (name: string) => string | undefined;
      /** Answers the servers' `elicitation/create`; without it none is declared, and asks are declined. */
      elicitation?: McpElicitationHandler;
      /** The fetch of an Http server's transport, e.g. with OAuth tokens; undefined: the global fetch. */
      fetchFor?: (id: string, settings: McpServerSettings) => FetchLike | undefined;
      /** Answers the sampling requests of the servers whose entry enables it. */
      sampling?: McpSamplingHandler;
    },
  ): Promise<McpConnections> {
    const connections = new McpConnections(options.logger);
    connections.#elicitation = options.elicitation;
    connections.#fetchFor = options.fetchFor;
    connections.#sampling = options.sampling;
    if (options.takenNames !== undefined) connections.#takenNames = options.takenNames;
    if (!settings.Enabled) return connections;
    const wait = options.waitMilliseconds ?? defaultConnectWaitMilliseconds;
    const listed = await Promise.all(
      Object.entries(settings.Servers).map(([id, server]) => connections.#connectOne(id, server, wait)),
    );
    // Tools join in the order the servers are configured, whichever answered first: an earlier server keeps a shared name.
    for (const [state, tools] of listed) connections.#adopt(state, tools);
    return connections;
  }

  get servers(): readonly McpServerState[] {
    return [...this.#servers.values()];
  }

  server(id: string): McpServerState | undefined {
    return this.#servers.get(id);
  }

  /** Every MCP tool that joined, in server order. */
  get tools(): McpTool[] {
    return this.servers.flatMap((server) => [...server.tools.values()]);
  }

  /**
   * Registers the MCP tools in the runtime's registry, refusing the names its other
   * tools hold; tools a server adds later are registered there too.
   */
  attach(registry: ToolRegistry): void {
    this.#registry = registry;
    this.#takenNames = (name) => {
      const tool = registry.get(name);
      return tool === undefined || tool instanceof McpTool ? undefined : describeOwner(tool);
    };
    for (const state of this.#servers.values()) {
      for (const [name, tool] of [...state.tools]) {
        const owner = this.#takenNames(name);
        if (owner === undefined) {
          if (registry.get(name) === undefined) registry.register(tool);
          continue;
        }
        state.tools.delete(name);
        this.#refuse(name, state.id, owner);
      }
    }
  }

  /** Reads a server's tool list again and brings its tools in step. */
  async refresh(id: string): Promise<void> {
    const state = this.#servers.get(id);
    if (state?.client === undefined) return;
    try {
      this.#adopt(state, await state.client.listTools());
    } catch (error) {
      this.#logger.warn({ mcpServer: id }, `MCP server '${id}': could not refresh its tools: ${messageOf(error)}`);
    }
  }

  /** Closes every connection; attempts still under way are stopped and waited for, so no server process is left behind. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const late of this.#late) late.stop.abort();
    await Promise.all([
      ...this.servers.map((server) => server.client?.close()),
      ...[...this.#late].map((late) => late.settled),
    ]);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  /** Connects one server and reads its tools; a failure or a late answer leaves it without a client. */
  async #connectOne(id: string, settings: McpServerSettings, wait: number): Promise<[MutableState, SdkTool[]]> {
    const state: MutableState = { id, settings, tools: new Map() };
    this.#servers.set(id, state);
    const giveUp = new AbortController();
    const connecting = McpClient.connect(id, settings, {
      logger: this.#logger,
      signal: giveUp.signal,
      onToolsChanged: () => void this.refresh(id),
      ...(this.#elicitation === undefined ? {} : { elicitation: this.#elicitation }),
      ...fetchOption(this.#fetchFor?.(id, settings)),
      ...(this.#sampling === undefined ? {} : { sampling: this.#sampling }),
    }).then(async (client) => ({ client, tools: await client.listTools() }));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), wait);
    });
    try {
      const outcome = await Promise.race([connecting, late]);
      if (outcome === 'late') {
        state.error = new Error(`still connecting after ${Math.round(wait / 1000)} s`);
        this.#logger.error(
          { mcpServer: id },
          `MCP server '${id}' is still connecting after ${Math.round(wait / 1000)} s; the run goes on without its tools.`,
        );
        // A late answer is not used: stop the attempt, and close whatever it opened.
        giveUp.abort();
        const late = {
          stop: giveUp,
          settled: connecting.then(({ client }) => client.close()).catch(() => undefined),
        };
        this.#late.add(late);
        void late.settled.then(() => this.#late.delete(late));
        return [state, []];
      }
      state.client = outcome.client;
      if (this.#closed) await outcome.client.close();
      return [state, outcome.tools];
    } catch (error) {
      state.error = error instanceof Error ? error : new Error(String(error));
      this.#logger.error({ mcpServer: id }, `${messageOf(error)} The run goes on without its tools.`);
      return [state, []];
    } finally {
      clearTimeout(timer);
    }
  }

  #adopt(state: MutableState, definitions: readonly SdkTool[]): void {
    const client = state.client;
    if (client === undefined) return;
    const allowed = state.settings.Tools?.map((name) => name.toLowerCase());
    const listed = new Set<string>();
    for (const definition of definitions) {
      if (allowed !== undefined && !allowed.includes(definition.name.toLowerCase())) continue;
      listed.add(definition.name);
      const known = state.tools.get(definition.name);
      if (known !== undefined) {
        known.update(definition);
        continue;
      }
      if (!orkeonToolNamePattern.test(definition.name)) {
        this.#logger.warn(
          { mcpServer: state.id },
          `MCP server '${state.id}': the tool '${definition.name}' is left out; Orkeon tool names are a letter, then letters, digits, _ or -, at most 64.`,
        );
        continue;
      }
      const owner = this.#owner(definition.name, state.id);
      if (owner !== undefined) {
        this.#refuse(definition.name, state.id, owner);
        continue;
      }
      const tool = new McpTool(client, definition);
      state.tools.set(definition.name, tool);
      this.#registry?.register(tool);
    }
    for (const [name, tool] of state.tools) if (!listed.has(name)) tool.withdraw();
    for (const missing of (state.settings.Tools ?? []).filter(
      (name) => !definitions.some((definition) => definition.name.toLowerCase() === name.toLowerCase()),
    )) {
      this.#logger.warn(
        { mcpServer: state.id },
        `MCP:Servers:${state.id}:Tools names '${missing}', which the server does not offer.`,
      );
    }
  }

  #refuse(name: string, serverId: string, owner: string): void {
    this.#logger.warn(
      { mcpServer: serverId },
      `MCP tool '${name}' of server '${serverId}' is refused: the name is taken by ${owner}, which keeps it.`,
    );
  }

  /** Who already holds a tool name: another server's MCP tool, or any other tool. */
  #owner(name: string, serverId: string): string | undefined {
    const key = name.toLowerCase();
    for (const other of this.#servers.values()) {
      if (other.id === serverId) continue;
      for (const toolName of other.tools.keys())
        if (toolName.toLowerCase() === key) return `the tool '${toolName}' of MCP server '${other.id}'`;
    }
    return this.#takenNames(name);
  }
}

interface MutableState {
  readonly id: string;
  readonly settings: McpServerSettings;
  client?: McpClient;
  error?: Error;
  readonly tools: Map<string, McpTool>;
}

function describeOwner(tool: Tool): string {
  return `the tool '${tool.name}'`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function fetchOption(fetch: FetchLike | undefined): { fetch?: FetchLike } {
  return fetch === undefined ? {} : { fetch };
}
