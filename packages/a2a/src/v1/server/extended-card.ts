import { OrkeonError, serviceToken } from '@orkeon/core';
import type { A2AErrorCode } from '../../errors/error-codes.js';

/** An agent card as JSON (ProtoJSON of `lf.a2a.v1.AgentCard`). */
export type V1AgentCardJson = Record<string, unknown>;

/**
 * Makes the extended agent card from the full card (every skill, the private ones too):
 * what `GetExtendedAgentCard` answers authenticated callers. `A2A:ExtendedCard` registers
 * one; a host registers its own under `A2AExtendedCardService`.
 *
 * @experimental SVCEXP001
 */
export type A2AExtendedCard = (card: V1AgentCardJson) => V1AgentCardJson | Promise<V1AgentCardJson>;

/** @experimental SVCEXP001 */
export const A2AExtendedCardService = serviceToken<A2AExtendedCard>('A2AExtendedCard');

/** The settings' extended card: the full card, with `Description` when one is given. */
export function extendedCardFromSettings(settings: { readonly Description?: string | undefined }): A2AExtendedCard {
  return (card) => (settings.Description === undefined ? card : { ...card, description: settings.Description });
}

/**
 * An extended card on a server that authenticates nobody: it would go to anyone, so the
 * server refuses to start (fail-closed).
 *
 * @experimental SVCEXP001
 */
export class A2AExtendedCardUnprotectedError extends OrkeonError<A2AErrorCode> {
  constructor() {
    super(
      'A2A_EXTENDED_CARD_UNPROTECTED',
      'A2A:ExtendedCard:Enabled is true, but A2A:Security authenticates no caller: the extended card is for authenticated callers only. Set A2A:Security:AllowedAuthSchemes (with Bearer or ApiKey credentials) or RequireMutualTls, or turn the extended card off.',
    );
  }
}
