import type { CrewDefinition } from '../crew/crew-definition.js';
import { defineAgent } from '../crew/define-crew.js';
import type { Logger } from '../logging/logger.js';
import { plannerRole, withPlan, writeCrewPlan } from '../planning/crew-plan.js';
import type { AgentClients } from './agent-clients.js';
import type { RunScope } from './run-scope.js';

/**
 * `planning: true`: the planner (the crew's model) writes a step per task before the
 * run, and the crew goes on with each step in its task's context. A planner that
 * fails costs the run nothing but the plan: a warning and a recoverable `error` event.
 */
export async function planCrewRun(
  crew: CrewDefinition,
  options: { clients: AgentClients; scope: RunScope; logger: Logger; deltas: boolean },
): Promise<CrewDefinition> {
  const { clients, scope, logger } = options;
  const planner = defineAgent({
    id: 'planner',
    role: plannerRole,
    goal: `Plan how the crew '${crew.name}' works through its tasks.`,
  });
  scope.emit({ kind: 'agent.spawned', agentId: planner.id, role: planner.role, reason: 'planning' });
  const caller = {
    kind: 'agent' as const,
    agent: planner.role,
    agentId: planner.id,
    crew: crew.name,
    process: crew.process,
  };
  try {
    const client = clients.client(planner, crew, [], { caller, scope, deltas: options.deltas });
    const plan = await writeCrewPlan(client, crew, { signal: scope.signal });
    logger.info({ steps: plan.steps.length }, 'the planner wrote the crew plan');
    return withPlan(crew, plan);
  } catch (error) {
    const message = `The planner gave no usable plan, so the tasks run without one: ${error instanceof Error ? error.message : String(error)}`;
    logger.warn({ err: error }, message);
    scope.emit({ kind: 'error', agentId: planner.id, code: 'CREW_PLAN_FAILED', message, recoverable: true });
    return crew;
  }
}
