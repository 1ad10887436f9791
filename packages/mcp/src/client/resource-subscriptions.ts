import type { Client } from '@modelcontextprotocol/client';

/** An open subscription to one resource of a server. */
export interface McpResourceSubscription {
  readonly uri: string;
  /** Stops following the resource (the server is told); idempotent. */
  close(): Promise<void>;
}

type Listener = (uri: string) => void;

/**
 * The resources a connection follows, and who hears their changes. The legacy era subscribes with
 * `resources/subscribe` and the server pushes `notifications/resources/updated`; 2026-07-28 opens a
 * `subscriptions/listen` stream per resource, whose notifications reach the same handler. Several
 * listeners of one URI share one subscription; the last one to leave ends it.
 */
export class ResourceSubscriptions {
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #ends = new Map<string, () => Promise<void>>();

  /** For `sdk.setNotificationHandler('notifications/resources/updated', …)`. */
  updated(uri: string): void {
    for (const listener of this.#listeners.get(uri) ?? []) listener(uri);
  }

  async add(sdk: Client, modern: boolean, uri: string, listener: Listener): Promise<McpResourceSubscription> {
    let listeners = this.#listeners.get(uri);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(uri, listeners);
      try {
        this.#ends.set(uri, await open(sdk, modern, uri));
      } catch (error) {
        this.#listeners.delete(uri);
        throw error;
      }
    }
    listeners.add(listener);
    let closed = false;
    return {
      uri,
      close: async () => {
        if (closed) return;
        closed = true;
        listeners.delete(listener);
        if (listeners.size > 0 || this.#listeners.get(uri) !== listeners) return;
        this.#listeners.delete(uri);
        const end = this.#ends.get(uri);
        this.#ends.delete(uri);
        await end?.().catch(() => undefined);
      },
    };
  }

  /** The connection closed: nothing more will arrive, and there is nothing left to unsubscribe from. */
  clear(): void {
    this.#listeners.clear();
    this.#ends.clear();
  }
}

async function open(sdk: Client, modern: boolean, uri: string): Promise<() => Promise<void>> {
  if (modern) {
    const subscription = await sdk.listen({ resourceSubscriptions: [uri] });
    return () => subscription.close();
  }
  await sdk.subscribeResource({ uri });
  return async () => {
    await sdk.unsubscribeResource({ uri });
  };
}
