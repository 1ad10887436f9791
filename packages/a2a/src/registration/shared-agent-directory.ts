import type { DocumentStore, Logger } from '@orkeon/core';
import { z } from 'zod';
import type { AgentRegistration, RemoteAgentRegistration } from './agent-registration.js';
import type { AgentRepository } from './agent-repository.js';
import type { SharedAgentRegistrationStore } from './shared-agent-registration-store.js';

/** The document-store collection of the shared directory: one document per skill and instance. */
export const sharedAgentCollection = 'a2a-agents';

/** How often an instance writes its entries again; an entry not written for three times that is stale. */
const refreshMilliseconds = 20_000;
const staleMilliseconds = 3 * refreshMilliseconds;
/** How long a read of the directory answers the router before it is read again. */
const cacheMilliseconds = 2_000;

const entrySchema = z.object({
  format: z.literal(1),
  id: z.string().min(1),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  url: z.string().min(1),
  instance: z.string().min(1),
  seenAt: z.string(),
});
type SharedAgentEntry = z.infer<typeof entrySchema>;

/**
 * The agents every instance on one document store serves (R5's repository over shared storage): this
 * process's own first (they run here, and win over any entry of theirs), then those only other instances serve, each as a remote agent at
 * that instance's address, so that the router sends their tasks there. Entries an instance stopped
 * writing (it died) are left out after 60 s. The directory is read at most every 2 s.
 *
 * @experimental SVCEXP001
 */
export class DocumentStoreAgentRepository implements AgentRepository {
  readonly #store: DocumentStore;
  readonly #local: SharedAgentRegistrationStore;
  readonly #now: () => number;
  #cached: { readonly at: number; readonly agents: Promise<RemoteAgentRegistration[]> } | undefined;

  constructor(options: { store: DocumentStore; local: SharedAgentRegistrationStore; now?: () => number }) {
    this.#store = options.store;
    this.#local = options.local;
    this.#now = options.now ?? Date.now;
  }

  async getById(id: string): Promise<AgentRegistration | undefined> {
    return this.#local.get(id) ?? (await this.#elsewhere()).find((agent) => agent.id === id);
  }

  async getAvailableAgents(): Promise<AgentRegistration[]> {
    const local = this.#local.snapshot();
    const served = new Set(local.map((agent) => agent.id));
    return [...local, ...(await this.#elsewhere()).filter((agent) => !served.has(agent.id))];
  }

  /** The skills of the other live instances, one registration per skill (the most recently seen instance). */
  #elsewhere(): Promise<RemoteAgentRegistration[]> {
    const now = this.#now();
    if (this.#cached !== undefined && now - this.#cached.at < cacheMilliseconds) return this.#cached.agents;
    const agents = this.#read(now);
    this.#cached = { at: now, agents };
    // A failed read is not kept: the next call reads again.
    agents.catch(() => {
      if (this.#cached?.agents === agents) this.#cached = undefined;
    });
    return agents;
  }

  async #read(now: number): Promise<RemoteAgentRegistration[]> {
    const newest = new Map<string, SharedAgentEntry>();
    for (const document of await this.#store.list(sharedAgentCollection)) {
      const parsed = entrySchema.safeParse(document.value);
      if (!parsed.success) continue;
      const entry = parsed.data;
      if (now - Date.parse(entry.seenAt) > staleMilliseconds) continue;
      const known = newest.get(entry.id);
      if (known === undefined || known.seenAt < entry.seenAt) newest.set(entry.id, entry);
    }
    return [...newest.values()].map((entry) => ({
      kind: 'remote',
      id: entry.id,
      name: entry.name,
      description: entry.description,
      tags: entry.tags,
      url: entry.url,
      // Over A2A v1.0: the instance gives the task an id of its own (no clash in the shared store), and asks back.
      v1: { url: `${entry.url}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    }));
  }
}

/**
 * Writes this instance's local agents into the shared directory at its address, again every 20 s (so
 * that agents registered later join it, and the others see it alive), and takes them out on `stop`.
 */
export class SharedAgentDirectoryPublisher {
  readonly #store: DocumentStore;
  readonly #local: SharedAgentRegistrationStore;
  readonly #instance: string;
  readonly #url: string;
  readonly #logger: Logger;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #written = new Set<string>();

  constructor(options: {
    store: DocumentStore;
    local: SharedAgentRegistrationStore;
    instance: string;
    url: string;
    logger: Logger;
    now?: () => number;
  }) {
    this.#store = options.store;
    this.#local = options.local;
    this.#instance = options.instance;
    this.#url = options.url;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
  }

  /** Writes the entries now (a failure rejects: the server does not start half-listed), then keeps them fresh. */
  async start(): Promise<void> {
    await this.#publish();
    this.#timer = setInterval(() => {
      this.#publish().catch((error: unknown) =>
        this.#logger.warn({ err: error }, 'The shared agent directory could not be written; trying again in 20 s.'),
      );
    }, refreshMilliseconds).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    for (const key of this.#written) await this.#store.delete(sharedAgentCollection, key).catch(() => false);
    this.#written.clear();
  }

  async #publish(): Promise<void> {
    const seenAt = new Date(this.#now()).toISOString();
    const current = new Set<string>();
    for (const agent of this.#local.snapshot()) {
      if (agent.kind !== 'local') continue;
      const key = `${agent.id}@${this.#instance}`;
      const entry: SharedAgentEntry = {
        format: 1,
        id: agent.id,
        name: agent.name,
        description: agent.description,
        tags: [...agent.tags],
        url: this.#url,
        instance: this.#instance,
        seenAt,
      };
      await this.#store.put(sharedAgentCollection, key, entry);
      current.add(key);
    }
    // An agent no longer registered here leaves the directory.
    for (const key of this.#written) if (!current.has(key)) await this.#store.delete(sharedAgentCollection, key);
    this.#written = current;
  }
}
