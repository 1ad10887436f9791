import { OrkeonError } from '../errors/orkeon-error.js';
import { circuitBreakerPolicy } from '../graph/circuit-breaker-policy.js';
import {
  type CrewGraph,
  type CrewGraphServices,
  type CrewGraphState,
  emptyCrewGraphState,
} from '../graph/crew-graph.js';
import type { GraphCheckpoint, GraphCheckpointer } from '../graph/graph-checkpoint.js';
import { GraphRunError } from '../graph/graph-errors.js';
import type { CrewRun } from './crew-run.js';
import { asOrkeonError, interruptedError } from './crew-run-failure.js';
import type { GraphConfig } from './graph-config.js';
import { graphEventReporter, runTaskOnce, settleAfterGraph } from './graph-process.js';
import { agentSystemPrompt } from './task-prompt.js';

/** The id the graph's position is checkpointed under, beside the tasks; no task may use it. */
export const graphCheckpointId = '__graph__';

/**
 * A crew's own graph (`graph:` in TypeScript). Tasks reused from a checkpoint are
 * settled first; the graph continues from its own checkpoint (saved after every node
 * in its `graph.node.completed` event, which the runtime records) or starts at
 * START. The breaker is `graphConfig`'s preset with its explicit limits. A node that
 * throws stops the run with its error; tasks the graph never reached are skipped.
 */
export async function runCrewGraphProcess(
  run: CrewRun,
  graph: CrewGraph,
  config: GraphConfig,
  savedCheckpoint: string | undefined,
): Promise<void> {
  for (const task of run.order) {
    if (!run.isSettled(task.id)) await run.settleWithoutRunning(task);
  }
  const compiled = graph.compile({
    breaker: circuitBreakerPolicy(config.circuitBreakerPreset, {
      ...(config.maxStateVisits === undefined ? {} : { maxStateVisits: config.maxStateVisits }),
      ...(config.maxTransitions === undefined ? {} : { maxTransitions: config.maxTransitions }),
      ...(config.maxTotalDurationSeconds === undefined
        ? {}
        : { maxTotalDurationMilliseconds: Math.max(1, Math.round(config.maxTotalDurationSeconds * 1000)) }),
    }),
    ...(graph.degradedNode === undefined ? {} : { degradedNode: graph.degradedNode }),
  });
  try {
    const saved = checkpointer(run, savedCheckpoint);
    const result = await compiled.run(emptyCrewGraphState, {
      services: services(run),
      checkpointer: saved,
      onEvent: graphEventReporter(run, (event) => {
        const checkpoint = event.status === 'completed' ? saved.take() : undefined;
        return checkpoint === undefined ? {} : { checkpoint };
      }),
      ...(run.signal === undefined ? {} : { signal: run.signal }),
    });
    await settleAfterGraph(run, result);
  } catch (error) {
    const failure = asOrkeonError(error);
    run.logger.warn({ err: failure }, 'a node of the crew’s graph failed; the run stops');
    run.stop(failure);
    for (const task of run.order) {
      if (!run.isSettled(task.id)) await run.settleWithoutRunning(task);
    }
  }
}

function services(run: CrewRun): CrewGraphServices {
  return {
    async runTask(taskId) {
      const task = run.order.find((candidate) => candidate.id === taskId);
      if (task === undefined) {
        const ids = run.order.map((candidate) => candidate.id).join(', ');
        throw new GraphRunError(
          'GRAPH_TASK_UNKNOWN',
          `taskNode('${taskId}') names no task of the crew; use one of ${ids}.`,
        );
      }
      // A task settled before (reused from a checkpoint, or done earlier in this run) is not run again unless it failed.
      const outcome = run.isSettled(taskId) ? run.earlierOutputs().find((item) => item.taskId === taskId) : undefined;
      if (outcome !== undefined) return { ok: true, output: outcome.output };
      const ok = await runTaskOnce(run, task);
      const output = run.earlierOutputs().find((item) => item.taskId === taskId)?.output;
      return ok && output !== undefined ? { ok, output } : { ok: false, error: `task '${taskId}' did not complete` };
    },
    async askAgent(agentId, prompt, signal) {
      const agent = run.agent(agentId);
      const task = run.order[0];
      if (task === undefined)
        throw new OrkeonError('GRAPH_TASK_UNKNOWN', 'the crew has no task to attribute the agent’s call to.');
      const result = await run.client(agent, task).act(prompt, {
        system: agentSystemPrompt(agent),
        maxIterations: agent.maxIterations,
        signal,
      });
      run.recordUsage(result.usage);
      if (result.interrupted === true) throw interruptedError(task);
      return result.output;
    },
  };
}

/**
 * Loads the checkpoint the resumed session carried; keeps each saved one until `take`,
 * which the node's `graph.node.completed` event carries for the runtime to record.
 */
function checkpointer(
  run: CrewRun,
  saved: string | undefined,
): GraphCheckpointer<CrewGraphState> & { take(): string | undefined } {
  let pending = saved;
  let latest: string | undefined;
  return {
    async load() {
      const text = pending;
      pending = undefined;
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as GraphCheckpoint<CrewGraphState>;
      } catch {
        run.logger.warn('the saved graph checkpoint could not be read; the graph starts afresh');
        return undefined;
      }
    },
    async save(checkpoint) {
      latest = JSON.stringify(checkpoint);
    },
    take() {
      const text = latest;
      latest = undefined;
      return text;
    },
  };
}
