import { randomUUID } from 'node:crypto';
import type { McpLogLevel } from './call-notifications.js';
import type { JsonRpcNotification } from './json-rpc.js';

/**
 * What the legacy era remembers of one client between its requests: the capabilities it
 * declared in `initialize`, the log level it chose, and the resources it follows. Over stdio
 * the connection is the session; over HTTP `initialize` opens one, named by `Mcp-Session-Id`.
 */
export class LegacySession {
  readonly id: string;
  capabilities: Record<string, unknown> | undefined;
  logLevel: McpLogLevel | undefined;
  /** How to stop following each resource the client subscribed to. */
  readonly followed = new Map<string, () => void>();
  /** Sends a message outside any request: the stdio output, or the session's open GET stream. */
  push: ((message: JsonRpcNotification) => void) | undefined;
  lastSeen = Date.now();

  constructor(id: string = randomUUID()) {
    this.id = id;
  }

  /** Forgets the session: nothing is followed or sent any more. */
  end(): void {
    for (const stop of this.followed.values()) stop();
    this.followed.clear();
    this.push = undefined;
  }
}

/**
 * The open HTTP sessions, in memory. A session unused for `idleMilliseconds` ends; beyond
 * `limit` sessions the least recently used ends first. A restart ends them all: the client
 * then gets 404 and sends `initialize` again, as the transport's specification says.
 */
export class LegacySessions {
  readonly #sessions = new Map<string, LegacySession>();
  readonly #idleMilliseconds: number;
  readonly #limit: number;

  constructor(options: { idleMilliseconds?: number; limit?: number } = {}) {
    this.#idleMilliseconds = options.idleMilliseconds ?? 60 * 60_000;
    this.#limit = options.limit ?? 10_000;
  }

  open(): LegacySession {
    this.#sweep();
    const session = new LegacySession();
    this.#sessions.set(session.id, session);
    return session;
  }

  /** The session, now marked as used; undefined when it ended or never was. */
  get(id: string): LegacySession | undefined {
    const session = this.#sessions.get(id);
    if (session === undefined) return undefined;
    if (Date.now() - session.lastSeen > this.#idleMilliseconds && session.push === undefined) {
      this.end(id);
      return undefined;
    }
    session.lastSeen = Date.now();
    // Most recently used last, so the sweep ends the oldest first.
    this.#sessions.delete(id);
    this.#sessions.set(id, session);
    return session;
  }

  end(id: string): boolean {
    const session = this.#sessions.get(id);
    if (session === undefined) return false;
    this.#sessions.delete(id);
    session.end();
    return true;
  }

  endAll(): void {
    for (const id of [...this.#sessions.keys()]) this.end(id);
  }

  #sweep(): void {
    const now = Date.now();
    for (const [id, session] of this.#sessions) {
      const idle = now - session.lastSeen > this.#idleMilliseconds && session.push === undefined;
      if (idle || this.#sessions.size >= this.#limit) this.end(id);
      else break;
    }
  }
}
