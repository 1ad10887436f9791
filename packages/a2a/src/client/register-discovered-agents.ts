import type { AgentDirectory } from '../registration/agent-directory.js';
import type { DiscoveredAgent } from './a2a-agent-discovery.js';

/**
 * Registers every skill of discovered agents as a remote agent, routed to the address
 * its card came from (over A2A v1.0 when the agent was found with its v1.0 interface). A skill id already in the directory keeps its registration
 * (local work wins over a peer's) and is reported as skipped.
 *
 * @experimental SVCEXP001
 */
export function registerDiscoveredAgents(
  directory: AgentDirectory,
  agents: readonly DiscoveredAgent[],
): { registered: string[]; skipped: { skill: string; url: string }[] } {
  const registered: string[] = [];
  const skipped: { skill: string; url: string }[] = [];
  for (const agent of agents) {
    for (const skill of agent.card.skills) {
      if (directory.list().some((registration) => registration.id === skill.id)) {
        skipped.push({ skill: skill.id, url: agent.url });
        continue;
      }
      directory.register({
        id: skill.id,
        name: skill.name,
        description: skill.description,
        tags: skill.tags,
        kind: 'remote',
        url: agent.url,
        ...(agent.v1 === undefined ? {} : { v1: agent.v1 }),
      });
      registered.push(skill.id);
    }
  }
  return { registered, skipped };
}
