import { z } from 'zod';

/** @experimental SVCEXP001 */
export const a2aAgentSkillSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  inputModes: z.array(z.string()),
  outputModes: z.array(z.string()),
});

/** @experimental SVCEXP001 */
export type A2AAgentSkill = z.infer<typeof a2aAgentSkillSchema>;

/**
 * The public agent card at `GET /.well-known/agent.json`. It never carries the v1.0 fields
 * `capabilities`, `securitySchemes`, `agentInterfaces` or `signature`.
 *
 * @experimental SVCEXP001
 */
export const a2aAgentCardSchema = z.object({
  name: z.string(),
  description: z.string(),
  version: z.string(),
  url: z.string(),
  skills: z.array(a2aAgentSkillSchema),
});

/** @experimental SVCEXP001 */
export type A2AAgentCard = z.infer<typeof a2aAgentCardSchema>;
