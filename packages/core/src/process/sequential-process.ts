import type { CrewRun } from './crew-run.js';

/** Tasks one at a time in run order; each sees the outputs of every task completed before it. */
export async function runSequentialProcess(run: CrewRun): Promise<void> {
  for (const task of run.order) {
    if (await run.settleWithoutRunning(task)) continue;
    const agent = await run.agentFor(task);
    if (agent === undefined) continue;
    await run.perform(task, agent, run.earlierOutputs());
  }
}
