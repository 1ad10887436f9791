import type { Logger } from '@orkeon/core';
import type { A2ASecuritySettingsInput } from '../security/a2a-security-settings.js';
import type { AgentCardKeyLookup } from '../v1/cards/card-signatures.js';
import type { A2AAgentCard } from '../wire/agent-card.js';
import { A2AClient } from './a2a-client.js';
import { A2AClientError } from './a2a-client-error.js';
import { A2AV1AgentDiscovery } from './v1/a2a-v1-agent-discovery.js';
import type { A2AV1Endpoint } from './v1/v1-interface-selection.js';

/** @experimental SVCEXP001 */
export interface DiscoveredAgent {
  /** The address the card was fetched from (base URL, as given). */
  readonly url: string;
  /** The skills, in the seed card's shape (also for an agent found by its v1.0 card). */
  readonly card: A2AAgentCard;
  /** With `preferV1`: the v1.0 interface to call the agent on, when its card offers one. */
  readonly v1?: A2AV1Endpoint;
}

/** @experimental SVCEXP001 */
export interface AgentDiscoveryFailure {
  readonly url: string;
  readonly error: A2AClientError;
}

/** @experimental SVCEXP001 */
export interface AgentDiscoveryResult {
  /** Cards fetched, in the order of the addresses given. */
  readonly agents: readonly DiscoveredAgent[];
  /** Addresses skipped, with why. */
  readonly failures: readonly AgentDiscoveryFailure[];
}

/** @experimental SVCEXP001 */
export interface A2AAgentDiscoveryOptions {
  /** TLS trust and client certificate used to reach the agents (credentials are never sent with card requests). */
  readonly security?: A2ASecuritySettingsInput;
  /** Time limit of each card request in milliseconds; default 30 000. */
  readonly timeoutMilliseconds?: number;
  /** @deprecated Use `timeoutMilliseconds`; still read when that is not set. */
  readonly timeoutMs?: number;
  readonly logger?: Logger;
  /**
   * `discoverMany` reads the v1.0 card (`/.well-known/agent-card.json`) first and, when
   * it offers JSON-RPC or HTTP+JSON, calls the agent over A2A v1.0; otherwise the seed
   * card and dialect. Default false: the seed card only.
   */
  readonly preferV1?: boolean;
  /**
   * The keys cards must be signed with (`trustedCardKeys`): given, every agent is read by
   * its v1.0 card, which must carry a signature that verifies with one of them; other
   * agents are skipped as failures (`A2A_CLIENT_CARD_UNTRUSTED`).
   */
  readonly cardKeys?: AgentCardKeyLookup;
}

/**
 * Reads other agents' public cards (`{url}/.well-known/agent.json`, and with `preferV1`
 * the v1.0 card first), anonymously and with full server certificate validation.
 *
 * @experimental SVCEXP001
 */
export class A2AAgentDiscovery {
  readonly #options: A2AAgentDiscoveryOptions;

  constructor(options: A2AAgentDiscoveryOptions = {}) {
    this.#options = options;
  }

  /** The card of the agent at `url`; throws `A2AClientError` when it cannot be read. */
  async discover(url: string): Promise<A2AAgentCard> {
    const client = new A2AClient(url, {
      ...(this.#options.security === undefined ? {} : { security: this.#options.security }),
      ...(this.#options.timeoutMilliseconds === undefined
        ? {}
        : { timeoutMilliseconds: this.#options.timeoutMilliseconds }),
      ...(this.#options.timeoutMs === undefined ? {} : { timeoutMs: this.#options.timeoutMs }),
      ...(this.#options.logger === undefined ? {} : { logger: this.#options.logger }),
    });
    try {
      return await client.getAgentCard();
    } finally {
      await client.close();
    }
  }

  /** The cards of every address, fetched in parallel; failures are skipped, logged and reported. */
  async discoverMany(urls: readonly string[]): Promise<AgentDiscoveryResult> {
    const read = (url: string): Promise<Omit<DiscoveredAgent, 'url'>> =>
      this.#options.preferV1 === true || this.#options.cardKeys !== undefined
        ? this.#discoverAny(url)
        : this.discover(url).then((card) => ({ card }));
    const settled = await Promise.allSettled(urls.map(read));
    const agents: DiscoveredAgent[] = [];
    const failures: AgentDiscoveryFailure[] = [];
    settled.forEach((outcome, index) => {
      const url = urls[index] ?? '';
      if (outcome.status === 'fulfilled') {
        agents.push({ url, ...outcome.value });
        return;
      }
      const error = A2AClientError.isInstance(outcome.reason)
        ? outcome.reason
        : new A2AClientError('A2A_CLIENT_NETWORK_FAILED', `The card of ${url} could not be read.`, {
            url,
            cause: outcome.reason,
          });
      failures.push({ url, error });
      this.#options.logger?.warn(
        { url, code: error.code, status: error.status },
        'A2A agent discovery skipped an agent',
      );
    });
    return { agents, failures };
  }

  /** The agent by its v1.0 card when it has one this client speaks, else by its seed card. */
  async #discoverAny(url: string): Promise<Omit<DiscoveredAgent, 'url'>> {
    const { security, timeoutMilliseconds, timeoutMs, cardKeys } = this.#options;
    const found = await new A2AV1AgentDiscovery({
      ...(security === undefined ? {} : { security }),
      ...(cardKeys === undefined ? {} : { cardKeys }),
      ...(timeoutMilliseconds === undefined ? {} : { timeoutMilliseconds }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    }).discover(url);
    if (found.kind === 'seed') return { card: found.card };
    const { card } = found;
    const modes = card.defaultInputModes.length === 0 ? ['text/plain'] : card.defaultInputModes;
    return {
      card: {
        name: card.name,
        description: card.description,
        version: card.version,
        url,
        skills: card.skills.map((skill) => ({
          id: skill.id,
          name: skill.name,
          description: skill.description,
          tags: skill.tags,
          inputModes: skill.inputModes ?? modes,
          outputModes: skill.outputModes ?? card.defaultOutputModes,
        })),
      },
      v1: found.endpoint,
    };
  }
}
