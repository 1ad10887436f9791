import type { ServiceProvider } from '@orkeon/core';
import type { A2ASettings } from '../../registration/a2a-settings.js';
import { AgentRepositoryService } from '../../registration/agent-repository.js';
import { type AgentCardSigningKey, canonicalCardPayload, signAgentCard } from '../cards/card-signatures.js';
import { grpcAgentInterface } from '../grpc/grpc-agent-interface.js';
import { type V1CardSecurity, v1AgentCard } from './agent-card-v1.js';
import { A2AExtendedCardService, type V1AgentCardJson } from './extended-card.js';

/** What the cards are made of. */
export interface CardSourceOptions {
  readonly settings: A2ASettings;
  readonly cardSecurity: V1CardSecurity;
  /** Signs each card when given (a signature is made once per distinct card and kept). */
  readonly cardSigning?: AgentCardSigningKey | undefined;
  /** The server's address. */
  readonly url: () => string;
  readonly grpcAddress?: (() => { readonly host: string; readonly port: number } | undefined) | undefined;
  withScope<T>(work: (scope: ServiceProvider) => Promise<T>): Promise<T>;
}

/**
 * The v1.0 cards of a server: the public one (without `A2A:ExtendedCard:PrivateSkills`)
 * and the extended one, which exists when an `A2AExtendedCardService` is registered and
 * the server authenticates its callers (`capabilities.extendedAgentCard` says so).
 */
export function cardSource(options: CardSourceOptions): {
  publicCard(): Promise<V1AgentCardJson>;
  extendedCard(): Promise<V1AgentCardJson | undefined>;
} {
  const authenticates = options.cardSecurity.securityRequirements.length > 0;
  const build = (scope: ServiceProvider, extended: boolean) => {
    const provider = authenticates ? scope.tryGet(A2AExtendedCardService) : undefined;
    return {
      provider,
      make: async () => {
        const agents = await scope.get(AgentRepositoryService).getAvailableAgents();
        const hidden = new Set(extended ? [] : options.settings.ExtendedCard.PrivateSkills);
        const grpc = options.grpcAddress?.();
        return v1AgentCard({
          name: options.settings.Name,
          description: options.settings.Description,
          version: options.settings.Version,
          baseUrl: options.url(),
          security: options.cardSecurity,
          pushNotifications: options.settings.PushNotifications.Enabled,
          extendedAgentCard: provider !== undefined,
          servesV03: options.settings.ServeV03,
          ...(grpc === undefined ? {} : { moreInterfaces: [grpcAgentInterface(grpc)] }),
          skills: agents.filter((agent) => !hidden.has(agent.id)),
        });
      },
    };
  };
  const signed = cardSigner(options.cardSigning);
  return {
    publicCard: () => options.withScope(async (scope) => signed(await build(scope, false).make())),
    extendedCard: () =>
      options.withScope(async (scope) => {
        const { provider, make } = build(scope, true);
        return provider === undefined ? undefined : signed(await provider(await make()));
      }),
  };
}

/**
 * Signs cards with `signing`, keeping the last signature of each of the two cards: an
 * ECDSA signature differs each time, and a card signed anew per request would never
 * match its `ETag`.
 */
function cardSigner(signing: AgentCardSigningKey | undefined): (card: V1AgentCardJson) => Promise<V1AgentCardJson> {
  if (signing === undefined) return async (card) => card;
  const kept = new Map<string, V1AgentCardJson>();
  return async (card) => {
    const payload = new TextDecoder().decode(canonicalCardPayload(card));
    const known = kept.get(payload);
    if (known !== undefined) return known;
    const signedCard = await signAgentCard(card, signing);
    if (kept.size >= 4) kept.clear();
    kept.set(payload, signedCard);
    return signedCard;
  };
}
