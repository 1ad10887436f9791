import type { ServiceProvider } from '@orkeon/core';
import type { A2ASettings } from '../../registration/a2a-settings.js';
import { AgentRepositoryService } from '../../registration/agent-repository.js';
import { grpcAgentInterface } from '../grpc/grpc-agent-interface.js';
import { type V1CardSecurity, v1AgentCard } from './agent-card-v1.js';
import { A2AExtendedCardService, type V1AgentCardJson } from './extended-card.js';

/** What the cards are made of. */
export interface CardSourceOptions {
  readonly settings: A2ASettings;
  readonly cardSecurity: V1CardSecurity;
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
  return {
    publicCard: () => options.withScope((scope) => build(scope, false).make()),
    extendedCard: () =>
      options.withScope(async (scope) => {
        const { provider, make } = build(scope, true);
        return provider === undefined ? undefined : provider(await make());
      }),
  };
}
