import { serviceToken } from '../services/service-token.js';

/**
 * Tells every process that shares a store that something in it changed, so that one process can follow
 * work another one does (a stream on instance B following a task running on A, a cancel on B reaching
 * the task on A). Announcements carry a key, never the data: a follower reads what changed from the
 * store. Delivery is at most once; after a gap (a lost connection) `onGap` says that announcements may
 * have been missed, and a follower reads everything it follows again.
 */
export interface ChangeFeed {
  /** Tells every follower of `channel` (in this process too) that `key` changed. */
  announce(channel: string, key: string): Promise<void>;
  /** Calls `onChange` with each key announced on `channel` from now on; the function returned stops it. */
  follow(channel: string, onChange: (key: string) => void, onGap?: () => void): Promise<() => void>;
}

/** Where the registered `ChangeFeed` is resolved; `addPostgresChangeFeed` (`@orkeon/store-postgres`) registers one. */
export const ChangeFeedService = serviceToken<ChangeFeed>('ChangeFeed');

/**
 * The feed of processes that share nothing but this object: several servers in one process over one
 * in-memory store (tests, a host that runs two listeners). Announcements are delivered after the
 * current turn of the event loop, as a database's notifications would be.
 */
export class InProcessChangeFeed implements ChangeFeed {
  readonly #followers = new Map<string, Set<(key: string) => void>>();

  async announce(channel: string, key: string): Promise<void> {
    const followers = [...(this.#followers.get(channel) ?? [])];
    setImmediate(() => {
      for (const follower of followers) follower(key);
    });
  }

  async follow(channel: string, onChange: (key: string) => void): Promise<() => void> {
    let followers = this.#followers.get(channel);
    if (followers === undefined) {
      followers = new Set();
      this.#followers.set(channel, followers);
    }
    const own = (key: string) => onChange(key);
    followers.add(own);
    return () => {
      followers.delete(own);
    };
  }
}
