import { performance } from 'node:perf_hooks';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { TokenUsage } from '../llm/llm-client.js';
import type { CrewRun } from './crew-run.js';
import { TaskFailureError } from './crew-run-errors.js';
import { asOrkeonError } from './crew-run-failure.js';
import { assignWorker, reviewOutput } from './manager-decisions.js';
import type { RevisionRequest } from './task-prompt.js';
import { addUsage, zeroUsage } from './token-usage.js';

/** Reviews per task: the first answer and at most two revisions. */
export const maxReviewsPerTask = 3;

export const needsRevisionPrefix = '[NEEDS REVISION]';

/**
 * Tasks one at a time in run order, like sequential, but the crew's manager (left out
 * of the workers) chooses the worker of each task (the task's own `agent` is not used)
 * and reviews each answer. A rejected answer goes back to the worker with the
 * feedback; the third rejection fails the task, its answer kept prefixed `[NEEDS REVISION]`.
 * Each hand-over (the assignment and every revision round) is a `task.assigned` event.
 */
export async function runHierarchicalProcess(run: CrewRun): Promise<void> {
  const manager = run.agent(run.crew.manager as string);
  const workers = run.crew.agents.filter((agent) => agent.id !== manager.id);
  for (const task of run.order) {
    if (await run.settleWithoutRunning(task)) continue;
    await runManagedTask(run, manager, workers, task);
  }
}

async function runManagedTask(
  run: CrewRun,
  manager: AgentDefinition,
  workers: readonly AgentDefinition[],
  task: TaskDefinition,
): Promise<void> {
  const startedAt = performance.now();
  const earlier = run.earlierOutputs();
  let worker: AgentDefinition | undefined;
  let usage: TokenUsage = zeroUsage;
  let output = '';
  try {
    const assignment = await assignWorker(run, manager, workers, task);
    worker = assignment.worker;
    usage = addUsage(usage, assignment.usage);
    let revision: RevisionRequest | undefined;
    for (let review = 1; review <= maxReviewsPerTask; review++) {
      await handOver(run, manager, worker, task, review, revision?.feedback ?? assignment.reason);
      await run.begin(task, worker, review);
      const answer = await run.work(task, worker, earlier, revision);
      output = answer.output;
      usage = addUsage(usage, answer.usage);
      const verdict = await reviewOutput(run, manager, worker, task, output);
      usage = addUsage(usage, verdict.usage);
      if (verdict.approved) {
        await run.complete(task, worker, output, usage, startedAt);
        return;
      }
      run.logger.info({ task: task.id, review, feedback: verdict.feedback }, 'the manager asked for a revision');
      revision = { feedback: verdict.feedback, previousOutput: output };
    }
    const error = new TaskFailureError(
      'TASK_REVISION_REQUIRED',
      `the manager rejected the answer to task '${task.id}' ${maxReviewsPerTask} times; last feedback: ${revision?.feedback || '(none)'}`,
    );
    await run.fail(task, worker, error, startedAt, `${needsRevisionPrefix} ${output}`);
  } catch (error) {
    await run.fail(task, worker, asOrkeonError(error), startedAt);
  }
}

function handOver(
  run: CrewRun,
  manager: AgentDefinition,
  worker: AgentDefinition,
  task: TaskDefinition,
  round: number,
  reason: string,
): Promise<void> {
  return run.emit({
    kind: 'task.assigned',
    crew: run.crew.name,
    taskId: task.id,
    managerId: manager.id,
    agentId: worker.id,
    agentRole: worker.role,
    round,
    ...(reason.trim() === '' ? {} : { reason }),
  });
}
