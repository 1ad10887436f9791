import { z } from 'zod';

// ProtoJSON leaves out fields holding their default value (an empty string or list), so
// those default here instead of being required; unknown fields are kept for the caller.

/** One `lf.a2a.v1.AgentInterface` of a card: where and how the agent is reached. */
export const a2aV1AgentInterfaceSchema = z.looseObject({
  url: z.string(),
  /** `JSONRPC`, `HTTP+JSON`, `GRPC`, or a URI naming a custom binding. */
  protocolBinding: z.string(),
  /** `Major.Minor` of the A2A version served there. */
  protocolVersion: z.string().default(''),
  /** Put into every request (as a path prefix in HTTP+JSON) when set. */
  tenant: z.string().optional(),
});

/** @experimental SVCEXP001 */
export type A2AV1AgentInterface = z.infer<typeof a2aV1AgentInterfaceSchema>;

const a2aV1AgentSkillSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().default(''),
  tags: z.array(z.string()).default([]),
  examples: z.array(z.string()).optional(),
  inputModes: z.array(z.string()).optional(),
  outputModes: z.array(z.string()).optional(),
});

/**
 * The v1.0 agent card (ProtoJSON of `lf.a2a.v1.AgentCard`), as a client reads it: the
 * fields a client acts on are typed, the others (security schemes, signatures, …) are
 * kept as they came.
 *
 * @experimental SVCEXP001
 */
export const a2aV1AgentCardSchema = z.looseObject({
  name: z.string(),
  description: z.string().default(''),
  version: z.string().default(''),
  /** In the agent's order of preference. */
  supportedInterfaces: z.array(a2aV1AgentInterfaceSchema),
  capabilities: z
    .looseObject({
      streaming: z.boolean().optional(),
      pushNotifications: z.boolean().optional(),
      extendedAgentCard: z.boolean().optional(),
    })
    .default({}),
  defaultInputModes: z.array(z.string()).default([]),
  defaultOutputModes: z.array(z.string()).default([]),
  skills: z.array(a2aV1AgentSkillSchema).default([]),
});

/** @experimental SVCEXP001 */
export type A2AV1AgentCard = z.infer<typeof a2aV1AgentCardSchema>;
