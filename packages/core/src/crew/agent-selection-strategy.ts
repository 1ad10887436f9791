/**
 * How a task that names no agent gets one (sequential and parallel processes):
 * `FirstFit` takes the crew's agents in turn, `Skill` the agent whose words best
 * match the task, `Embedding` a semantic match, which needs an embedding provider.
 */
export const agentSelectionStrategies = ['FirstFit', 'Skill', 'Embedding'] as const;

export type AgentSelectionStrategy = (typeof agentSelectionStrategies)[number];

/** The message for a strategy that is not one of the three, shared by every entry point. */
export function unknownSelectionMessage(value: unknown): string {
  return `unknown agent selection ${JSON.stringify(value)}; use one of ${agentSelectionStrategies.join(', ')}.`;
}
