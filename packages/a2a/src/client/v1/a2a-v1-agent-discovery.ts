import { type A2ASecuritySettingsInput, resolveA2ASecuritySettings } from '../../security/a2a-security-settings.js';
import { type AgentCardKeyLookup, verifyAgentCard } from '../../v1/cards/card-signatures.js';
import { type A2AAgentCard, a2aAgentCardSchema } from '../../wire/agent-card.js';
import { A2A_PATHS } from '../../wire/sse.js';
import { defaultA2AClientTimeoutMilliseconds } from '../a2a-client.js';
import { A2AClientError } from '../a2a-client-error.js';
import { timeoutOf } from '../client-timeout.js';
import { parseJson } from '../response-parsing.js';
import { parseValue } from './answer-parsing.js';
import { ClientConnection } from './client-connection.js';
import { type A2AV1AgentCard, a2aV1AgentCardSchema } from './v1-agent-card.js';
import { unsuccessfulStatus } from './v1-error-answer.js';
import {
  type A2AV1Binding,
  type A2AV1Endpoint,
  checkedPreference,
  defaultA2AV1BindingPreference,
  selectA2AV1Interface,
} from './v1-interface-selection.js';
import { a2aV1ClientVersion, a2aVersionHeader } from './v1-transport.js';
import { a2aV03AgentCardSchema, isV03AgentCard, v1CardOfV03 } from './v03-agent-card.js';

/** Where a v1.0 agent publishes its card (A2A 0.3 and later). */
export const a2aV1AgentCardPath = '/.well-known/agent-card.json';

/** @experimental SVCEXP001 */
export interface A2AV1DiscoveryOptions {
  /** TLS trust and client certificate used to reach the agent (credentials are never sent with card requests). */
  readonly security?: A2ASecuritySettingsInput;
  /** Time limit of each card request in milliseconds; default 30 000. */
  readonly timeoutMilliseconds?: number;
  /** The bindings to choose from, first preferred; default `['JSONRPC', 'HTTP+JSON']`. */
  readonly preferredBindings?: readonly A2AV1Binding[];
  /**
   * The keys cards must be signed with (`trustedCardKeys`): given, only a v1.0 card with a
   * signature that verifies with one of them is accepted; an unsigned card, one signed by
   * another key or changed after signing, a 0.3 card and the seed's card are refused
   * (`A2A_CLIENT_CARD_UNTRUSTED`).
   */
  readonly cardKeys?: AgentCardKeyLookup;
}

/**
 * What an agent's card says about how to call it: a v1.0 card (or an A2A 0.3 card, read as
 * one) with the interface chosen for `A2AV1Client`, or the seed's card, whose agent speaks
 * the seed dialect (`A2AClient`).
 *
 * @experimental SVCEXP001
 */
export type A2AV1DiscoveredAgent =
  | { readonly kind: 'v1'; readonly cardUrl: string; readonly card: A2AV1AgentCard; readonly endpoint: A2AV1Endpoint }
  | { readonly kind: 'seed'; readonly cardUrl: string; readonly card: A2AAgentCard };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An agent's base address without trailing slashes; anything but an absolute http(s) URL is refused. */
export function checkedBaseUrl(agentUrl: string): string {
  if (!URL.canParse(agentUrl) || !/^https?:$/.test(new URL(agentUrl).protocol)) {
    throw new A2AClientError(
      'A2A_CLIENT_CONFIGURATION_INVALID',
      `'${agentUrl}' is not an agent address: give an absolute http:// or https:// URL.`,
    );
  }
  return agentUrl.replace(/\/+$/, '');
}

/**
 * Reads an agent's card, anonymously and with full server certificate validation:
 * `{url}/.well-known/agent-card.json` first, and `{url}/.well-known/agent.json` (the
 * seed's path) when the agent has no card at the first. A card listing
 * `supportedInterfaces` is a v1.0 card wherever it was found; an A2A 0.3 card (`url` and
 * `preferredTransport`, no `supportedInterfaces`) at agent-card.json is read as a v1.0 card
 * whose interfaces are at the card's `protocolVersion`. One interface is chosen by
 * `preferredBindings` (see `selectA2AV1Interface`).
 *
 * @experimental SVCEXP001
 */
export class A2AV1AgentDiscovery {
  readonly #options: A2AV1DiscoveryOptions;
  readonly #preference: readonly A2AV1Binding[];

  constructor(options: A2AV1DiscoveryOptions = {}) {
    this.#options = options;
    this.#preference = checkedPreference(options.preferredBindings ?? defaultA2AV1BindingPreference);
  }

  /**
   * The agent at `agentUrl` and how to call it. Throws `A2AClientError`: the network,
   * TLS and status codes of any call, `A2A_CLIENT_RESPONSE_INVALID` for a card of the
   * wrong shape, `A2A_CLIENT_CONFIGURATION_INVALID` when the card offers no interface this
   * client can use (gRPC only, or A2A 0.3 over HTTP+JSON only, for instance).
   */
  async discover(agentUrl: string): Promise<A2AV1DiscoveredAgent> {
    const base = checkedBaseUrl(agentUrl);
    const connection = new ClientConnection(
      resolveA2ASecuritySettings(this.#options.security ?? {}),
      timeoutOf(this.#options, 'The discovery options') ?? defaultA2AClientTimeoutMilliseconds,
    );
    try {
      const v1Url = `${base}${a2aV1AgentCardPath}`;
      const v1Card = await this.#read(connection, v1Url);
      if (v1Card !== undefined) {
        await this.#verify(v1Card, v1Url);
        return this.#agentOf(v1Card, v1Url, true);
      }
      const seedUrl = `${base}${A2A_PATHS.agentCard}`;
      const seedCard = await this.#read(connection, seedUrl);
      if (seedCard !== undefined) {
        await this.#verify(seedCard, seedUrl);
        return this.#agentOf(seedCard, seedUrl, false);
      }
      throw new A2AClientError(
        'A2A_CLIENT_STATUS_UNSUCCESSFUL',
        `The agent at ${base} publishes no card: ${a2aV1AgentCardPath} and ${A2A_PATHS.agentCard} both answered 404. Check the address.`,
        { url: v1Url, status: 404 },
      );
    } finally {
      await connection.close();
    }
  }

  /** The card at `url` as JSON, or undefined when there is none (404). */
  async #read(connection: ClientConnection, url: string): Promise<unknown> {
    const opened = await connection.open({
      method: 'GET',
      url,
      accept: 'application/json',
      authenticated: false,
      headers: { [a2aVersionHeader]: a2aV1ClientVersion },
      options: {},
    });
    if (opened.status === 404) {
      await connection.readTextOfFailure(opened);
      return undefined;
    }
    if (opened.status < 200 || opened.status > 299) {
      throw unsuccessfulStatus(url, opened.status, await connection.readTextOfFailure(opened));
    }
    return parseJson(await connection.readText(opened), url, 'agent card');
  }

  /** With `cardKeys`: the card as received must carry a signature made with a trusted key. */
  async #verify(value: unknown, cardUrl: string): Promise<void> {
    const keys = this.#options.cardKeys;
    if (keys === undefined) return;
    const reason =
      !isRecord(value) || value.supportedInterfaces === undefined
        ? 'it is not an A2A 1.0 card, and only those are signed'
        : await verifyAgentCard(value, keys).then(
            () => undefined,
            (error: unknown) => (error instanceof Error ? error.message : String(error)),
          );
    if (reason !== undefined)
      throw new A2AClientError(
        'A2A_CLIENT_CARD_UNTRUSTED',
        `The card at ${cardUrl} is not signed with a trusted key (${reason}); it was not used. Check the agent's A2A:CardSigning key and the keys given as cardKeys.`,
        { url: cardUrl },
      );
  }

  #agentOf(value: unknown, cardUrl: string, atV1Path: boolean): A2AV1DiscoveredAgent {
    if (isRecord(value) && value.supportedInterfaces !== undefined) {
      const card = parseValue(a2aV1AgentCardSchema, value, cardUrl, 'agent card');
      return { kind: 'v1', cardUrl, card, endpoint: selectA2AV1Interface(card, this.#preference, cardUrl) };
    }
    if (atV1Path && isV03AgentCard(value)) {
      const card = v1CardOfV03(parseValue(a2aV03AgentCardSchema, value, cardUrl, 'A2A 0.3 agent card'));
      return { kind: 'v1', cardUrl, card, endpoint: selectA2AV1Interface(card, this.#preference, cardUrl) };
    }
    if (atV1Path) {
      throw new A2AClientError(
        'A2A_CLIENT_RESPONSE_INVALID',
        `The card at ${cardUrl} lists neither supportedInterfaces (an A2A 1.0 card) nor a url (an A2A 0.3 card), so it is no agent card this client reads.`,
        { url: cardUrl },
      );
    }
    return { kind: 'seed', cardUrl, card: parseValue(a2aAgentCardSchema, value, cardUrl, 'agent card') };
  }
}
