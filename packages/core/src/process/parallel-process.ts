import type { TaskDefinition } from '../crew/task-definition.js';
import type { CrewRun } from './crew-run.js';
import { forEachLimited } from './for-each-limited.js';

export const defaultMaxConcurrency = 4;

/**
 * Dependency waves, one after the other; the tasks of a wave run at the same time, at
 * most `maxConcurrency` at once, and see the outputs of the tasks completed in earlier
 * waves. A failure does not stop its siblings; its dependants in later waves are skipped.
 */
export async function runParallelProcess(
  run: CrewRun,
  waves: readonly (readonly TaskDefinition[])[],
  maxConcurrency: number,
): Promise<void> {
  for (const wave of waves) {
    const earlier = run.earlierOutputs();
    const ready = [];
    // Agents are chosen in declared order before anything starts, so round-robin stays deterministic.
    for (const task of wave) {
      if (await run.settleWithoutRunning(task)) continue;
      const agent = await run.agentFor(task);
      if (agent !== undefined) ready.push({ task, agent });
    }
    await forEachLimited(ready, maxConcurrency, async ({ task, agent }) => {
      if (await run.settleWithoutRunning(task)) return;
      await run.perform(task, agent, earlier);
    });
  }
}
