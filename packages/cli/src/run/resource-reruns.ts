import type { Runtime } from '@orkeon/core';
import type { McpResourceSubscription } from '@orkeon/mcp';
import { McpConnectionsService } from '@orkeon/mcp/settings';
import { UsageError } from '../usage-error.js';

/** One `--rerun-on <server-id>:<uri>`: a resource of a configured MCP server. */
export interface RerunTrigger {
  readonly serverId: string;
  readonly uri: string;
}

/** Reads the `--rerun-on` values; the server id is what comes before the first colon. */
export function parseRerunTriggers(values: readonly string[]): RerunTrigger[] {
  return values.map((value) => {
    const colon = value.indexOf(':');
    const serverId = colon <= 0 ? '' : value.slice(0, colon);
    const uri = colon <= 0 ? '' : value.slice(colon + 1);
    if (serverId === '' || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri))
      throw new UsageError(
        `--rerun-on takes <server-id>:<resource-uri>, e.g. --rerun-on docs:notes://today, not '${value}'.`,
      );
    return { serverId, uri };
  });
}

/**
 * The resources whose changes run the crew again: each is followed on its MCP server
 * (`resources/subscribe`, or `subscriptions/listen` in 2026-07-28). Changes that arrive while a
 * run goes on are kept: one more run follows it, however many came.
 */
export class ResourceReruns {
  readonly #subscriptions: McpResourceSubscription[];
  readonly #changed = new Set<string>();
  #wake: (() => void) | undefined;

  private constructor(subscriptions: McpResourceSubscription[]) {
    this.#subscriptions = subscriptions;
  }

  /** Follows every trigger; a server that is not configured, not connected or not offering subscriptions is a usage error. */
  static async follow(runtime: Runtime, triggers: readonly RerunTrigger[]): Promise<ResourceReruns> {
    const connections = runtime.services.tryGet(McpConnectionsService);
    const reruns = new ResourceReruns([]);
    try {
      for (const { serverId, uri } of triggers) {
        const server = connections?.server(serverId);
        const configured = connections?.servers.map((state) => state.id).join(', ') || '(none)';
        if (server === undefined)
          throw new UsageError(
            `--rerun-on names the MCP server '${serverId}', which is not configured (MCP:Servers: ${configured}).`,
          );
        if (server.client === undefined)
          throw new UsageError(
            `--rerun-on needs the MCP server '${serverId}', which did not connect: ${server.error?.message ?? 'no connection'}`,
          );
        if (!server.client.offersSubscriptions)
          throw new UsageError(
            `--rerun-on: the MCP server '${serverId}' does not offer resource subscriptions, so a change of '${uri}' would never be heard.`,
          );
        const subscription = await server.client
          .subscribeResource(uri, (changed) => reruns.#hear(`${changed} on ${serverId}`))
          .catch((error: unknown) => {
            throw new UsageError(
              `--rerun-on cannot follow '${uri}' on the MCP server '${serverId}': ${error instanceof Error ? error.message : String(error)}`,
            );
          });
        reruns.#subscriptions.push(subscription);
      }
    } catch (error) {
      await reruns.close();
      throw error;
    }
    return reruns;
  }

  /** Waits for a change (or takes those already heard); undefined once `signal` fires. */
  async next(signal: AbortSignal): Promise<string[] | undefined> {
    while (this.#changed.size === 0) {
      if (signal.aborted) return undefined;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    }
    if (signal.aborted) return undefined;
    const changed = [...this.#changed];
    this.#changed.clear();
    return changed;
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.#subscriptions.map((subscription) => subscription.close()));
  }

  #hear(what: string): void {
    this.#changed.add(what);
    this.#wake?.();
    this.#wake = undefined;
  }
}
