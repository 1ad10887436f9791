import { z } from 'zod';
import type { A2AV1AgentCard } from './v1-agent-card.js';

/**
 * An A2A 0.3 agent card as a client reads it: where and how the agent is reached (`url`
 * with `preferredTransport`, JSONRPC when absent; `additionalInterfaces`), the A2A version
 * of the card, and what `A2AV1Client` reads of the rest. Unknown fields are kept.
 */
export const a2aV03AgentCardSchema = z.looseObject({
  name: z.string(),
  description: z.string().default(''),
  version: z.string().default(''),
  url: z.string(),
  preferredTransport: z.string().default('JSONRPC'),
  protocolVersion: z.string().default('0.3'),
  additionalInterfaces: z.array(z.looseObject({ url: z.string(), transport: z.string() })).default([]),
  capabilities: z
    .looseObject({ streaming: z.boolean().optional(), pushNotifications: z.boolean().optional() })
    .default({}),
  supportsAuthenticatedExtendedCard: z.boolean().optional(),
  defaultInputModes: z.array(z.string()).default([]),
  defaultOutputModes: z.array(z.string()).default([]),
  skills: z
    .array(
      z.looseObject({
        id: z.string(),
        name: z.string(),
        description: z.string().default(''),
        tags: z.array(z.string()).default([]),
        examples: z.array(z.string()).optional(),
        inputModes: z.array(z.string()).optional(),
        outputModes: z.array(z.string()).optional(),
      }),
    )
    .default([]),
});

/** Whether a card is A2A 0.3's: a `url` of its own and no `supportedInterfaces` (which a v1.0 card has). */
export function isV03AgentCard(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const card = value as Record<string, unknown>;
  return card.supportedInterfaces === undefined && typeof card.url === 'string';
}

/**
 * A 0.3 card in the v1.0 card's terms: `url` and `preferredTransport` as the first of
 * `supportedInterfaces`, each `additionalInterfaces` entry after it, all at the card's
 * `protocolVersion`; `supportsAuthenticatedExtendedCard` as `capabilities.extendedAgentCard`.
 * The other fields (security schemes in 0.3's form, …) are kept as they came.
 */
export function v1CardOfV03(card: z.output<typeof a2aV03AgentCardSchema>): A2AV1AgentCard {
  const {
    url,
    preferredTransport,
    protocolVersion,
    additionalInterfaces,
    capabilities,
    supportsAuthenticatedExtendedCard,
    ...rest
  } = card;
  const listed = [{ url, transport: preferredTransport }, ...additionalInterfaces];
  return {
    ...rest,
    supportedInterfaces: listed.map((entry) => ({ url: entry.url, protocolBinding: entry.transport, protocolVersion })),
    capabilities: {
      ...capabilities,
      ...(supportsAuthenticatedExtendedCard === undefined
        ? {}
        : { extendedAgentCard: supportsAuthenticatedExtendedCard }),
    },
  };
}
