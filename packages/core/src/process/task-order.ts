import type { TaskDefinition } from '../crew/task-definition.js';

/**
 * A stable topological order: declared order wherever dependencies allow (each step
 * takes the earliest declared task whose dependencies are done). Dependencies on ids
 * the crew does not have count as done. Validation refuses cycles; were one left, its
 * tasks would follow in declared order.
 */
export function taskRunOrder(tasks: readonly TaskDefinition[]): TaskDefinition[] {
  const ids = new Set(tasks.map((task) => task.id));
  const done = new Set<string>();
  const remaining = [...tasks];
  const order: TaskDefinition[] = [];
  while (remaining.length > 0) {
    const index = remaining.findIndex((task) =>
      task.dependencies.every((dependency) => done.has(dependency) || !ids.has(dependency)),
    );
    if (index < 0) {
      order.push(...remaining);
      break;
    }
    const [task] = remaining.splice(index, 1) as [TaskDefinition];
    order.push(task);
    done.add(task.id);
  }
  return order;
}

/**
 * Tasks grouped in dependency waves: a task's wave is one after the latest wave among
 * its dependencies (0 without any), tasks of a wave in declared order.
 */
export function dependencyWaves(tasks: readonly TaskDefinition[]): TaskDefinition[][] {
  const waveOf = new Map<string, number>();
  for (const task of taskRunOrder(tasks)) {
    const after = Math.max(-1, ...task.dependencies.map((dependency) => waveOf.get(dependency) ?? -1));
    waveOf.set(task.id, after + 1);
  }
  const waves: TaskDefinition[][] = [];
  for (const task of tasks) {
    const wave = waveOf.get(task.id) ?? 0;
    const members = waves[wave] ?? [];
    members.push(task);
    waves[wave] = members;
  }
  return waves.filter((wave) => wave !== undefined);
}
