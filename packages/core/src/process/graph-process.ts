import { performance } from 'node:perf_hooks';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { GraphRunResult } from '../graph/compiled-graph.js';
import type { GraphNodeCompleted, GraphRunListener } from '../graph/graph-run-events.js';
import { END, START } from '../graph/graph-sentinels.js';
import { StateGraph } from '../graph/state-graph.js';
import type { CrewRun } from './crew-run.js';
import { asOrkeonError } from './crew-run-failure.js';
import { type GraphConfig, graphProcessBreaker } from './graph-config.js';

/** Where the fixed graph stands: the task ids still to run (head first) and the retries each has used. */
interface TaskQueueState {
  readonly pending: readonly string[];
  readonly retries: Readonly<Record<string, number>>;
  /** The task the last `execute_task` ran, and whether it failed. */
  readonly current?: string;
  readonly failed?: boolean;
}

/**
 * The graph process for a crew without its own graph: two nodes. `execute_task` runs
 * the task at the head of the queue (tasks in run order); `route` puts a failed task
 * that has retries left (`maxRetryCycles`) back at the head, and the run loops while
 * tasks remain. The breaker (`graphConfig`) bounds the whole; when it trips the tasks
 * not yet run are skipped and the outputs so far are kept.
 */
export async function runGraphProcess(run: CrewRun, config: GraphConfig): Promise<void> {
  let running: string | undefined;
  const graph = new StateGraph<TaskQueueState>()
    .addNode('execute_task', async (state) => {
      const [id, ...rest] = state.pending;
      const task = run.order.find((candidate) => candidate.id === id) as TaskDefinition;
      running = task.id;
      const failed = !(await runTaskOnce(run, task));
      return { pending: rest, current: task.id, failed };
    })
    .addNode('route', (state) => {
      const current = state.current;
      if (current === undefined || state.failed !== true || run.stopped) return undefined;
      const used = state.retries[current] ?? 0;
      if (used >= config.maxRetryCycles) return undefined;
      run.logger.info({ task: current, retry: used + 1 }, 'the failed task runs again at the head of the queue');
      return { pending: [current, ...state.pending], retries: { ...state.retries, [current]: used + 1 } };
    })
    .addNode('degraded', () => undefined)
    .addEdge(START, 'execute_task')
    .addEdge('execute_task', 'route')
    .addConditionalEdge('route', (state) => (state.pending.length > 0 ? 'execute_task' : END), ['execute_task'])
    .addEdge('degraded', END)
    .compile({ breaker: graphProcessBreaker(config, run.order.length), degradedNode: 'degraded' });
  const onEvent = graphEventReporter(run, (event) =>
    event.node === 'execute_task' && running !== undefined ? { taskId: running } : {},
  );
  const result = await graph.run(
    { pending: run.order.map((task) => task.id), retries: {} },
    { onEvent, ...(run.signal === undefined ? {} : { signal: run.signal }) },
  );
  await settleAfterGraph(run, result);
}

/**
 * Puts a graph run's node ends and breaker trips on the crew's events
 * (`graph.node.completed`, `graph.breaker.tripped`); `extra` adds what only the
 * process knows of a node: the task it ran, the checkpoint saved after it.
 */
export function graphEventReporter(
  run: CrewRun,
  extra: (event: GraphNodeCompleted) => { readonly taskId?: string; readonly checkpoint?: string } = () => ({}),
): GraphRunListener {
  return async (event) => {
    const crew = run.crew.name;
    if (event.kind === 'breaker.tripped') {
      const { mechanism, node, limit, reached, message } = event.trip;
      await run.emit({
        kind: 'graph.breaker.tripped',
        crew,
        mechanism,
        node,
        limit,
        reached,
        message,
        degraded: event.degraded,
      });
      return;
    }
    const { node, status, step, visit, durationMs, next, degraded, error } = event;
    const failure = error === undefined ? undefined : asOrkeonError(error);
    await run.emit({
      kind: 'graph.node.completed',
      crew,
      node,
      status,
      step,
      visit,
      durationMs,
      ...(next === undefined ? {} : { next }),
      ...(degraded === undefined ? {} : { degraded }),
      ...(failure === undefined ? {} : { error: { code: failure.code, message: failure.message } }),
      ...extra(event),
    });
  };
}

/** Runs one task unless it settles without running; true when it completed (or was settled without failing). */
export async function runTaskOnce(run: CrewRun, task: TaskDefinition): Promise<boolean> {
  if (await run.settleWithoutRunning(task)) return true;
  const agent = await run.agentFor(task);
  if (agent === undefined) return false;
  return performTask(run, task, agent);
}

async function performTask(run: CrewRun, task: TaskDefinition, agent: AgentDefinition): Promise<boolean> {
  const startedAt = performance.now();
  await run.begin(task, agent, 1);
  try {
    const { output, usage } = await run.work(task, agent, run.earlierOutputs());
    await run.complete(task, agent, output, usage, startedAt);
    return true;
  } catch (error) {
    await run.fail(task, agent, asOrkeonError(error), startedAt);
    return false;
  }
}

/** After the graph: a tripped breaker stops the run (its error the run's); tasks not settled are skipped. */
export async function settleAfterGraph<TState extends object>(
  run: CrewRun,
  result: GraphRunResult<TState>,
): Promise<void> {
  const trip = result.trip;
  if (trip !== undefined) {
    run.logger.warn({ trip, degraded: result.status === 'degraded' }, 'the graph’s circuit breaker tripped');
    run.stop(
      new OrkeonError<CoreErrorCode>(
        'GRAPH_BREAKER_TRIPPED',
        `${trip.message}; the outputs so far are kept. Raise the limit in graphConfig (maxTransitions, maxStateVisits, maxTotalDurationSeconds or circuitBreakerPreset) if the work needs more.`,
        {
          details: {
            mechanism: trip.mechanism,
            node: trip.node,
            limit: trip.limit,
            degraded: result.status === 'degraded',
          },
        },
      ),
    );
  }
  for (const task of run.order) {
    if (run.isSettled(task.id)) continue;
    if (trip !== undefined) await run.skip(task, trip.message);
    else if (!(await run.settleWithoutRunning(task))) await run.skip(task, 'the graph did not reach it');
  }
}
