import { z } from 'zod';
import { defineTool, type Tool } from '../tools/tool.js';
import { toolDenied, toolFailure, toolSuccess } from '../tools/tool-result.js';
import { AgentBudgetExhaustedError } from './agent-budget-exhausted-error.js';
import { AgentSpawnRefusedError } from './agent-spawn-refused-error.js';
import { type AgentSpawner, activeAgentSpawner, type SpawnedAgent, spawnAgentToolName } from './agent-spawner.js';

// A helper works through its own tool loop, often several model calls; its child budget's wall time bounds it first.
const spawnTimeoutMilliseconds = 15 * 60_000;

export interface SpawnAgentToolOptions {
  /** Finds the calling agent's spawner; default: the one its autonomous crew set for this work. */
  readonly spawner?: () => AgentSpawner | undefined;
  /** Told when a helper joins the run, with the spawning tool call's id (the runtime emits `agent.spawned`). */
  readonly onSpawned?: (spawned: SpawnedAgent, callId: string) => void;
}

/**
 * `spawn_agent`: an agent of an autonomous crew starts a short-lived helper on a piece
 * of work and reads its answer as the tool's result. The helper works inside the
 * same boundary (its tool calls cross the same pipeline, gate and audit), on the
 * spawner's model, with at most the spawner's tools. Outside an autonomous crew's
 * work the call is refused; so is a helper named after its spawner, a tool the
 * spawner lacks, and a spawn past the execution budget.
 */
export function createSpawnAgentTool(options: SpawnAgentToolOptions = {}): Tool {
  const find = options.spawner ?? activeAgentSpawner;
  return defineTool({
    name: spawnAgentToolName,
    description:
      'Spawn a short-lived helper agent for one piece of work and get its answer. Give it a role of its own (not yours), a goal, the work in full (it sees nothing else), and, if it needs them, some of your own tools by name. Each spawn counts against the run’s execution budget.',
    input: z.strictObject({
      role: z.string().trim().min(1).describe('The helper’s role, e.g. "Fact checker"; not your own.'),
      goal: z.string().trim().min(1).describe('What the helper aims for.'),
      task: z.string().trim().min(1).describe('The work to do, in full, with everything the helper needs to know.'),
      tools: z.array(z.string()).optional().describe('Names of your own tools the helper may use; none when left out.'),
    }),
    access: 'Read',
    timeoutMilliseconds: spawnTimeoutMilliseconds,
    async execute(input, context) {
      const spawner = find();
      if (spawner === undefined || spawner.agentId !== context.caller.agentId) {
        return toolDenied(
          'spawn_agent works only for an agent of an autonomous crew, on its own task; do the work yourself.',
        );
      }
      try {
        const { answer } = await spawner.spawn(input, {
          signal: context.signal,
          onSpawned: (spawned) => options.onSpawned?.(spawned, context.callId),
        });
        return toolSuccess(answer);
      } catch (error) {
        if (AgentSpawnRefusedError.isInstance(error) || AgentBudgetExhaustedError.isInstance(error))
          return toolDenied(`${error.code}: ${error.message}`);
        return toolFailure(
          `The helper '${input.role}' could not finish: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  }) as Tool;
}
