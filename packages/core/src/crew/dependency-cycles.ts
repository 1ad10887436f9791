/**
 * Every dependency cycle among `tasks`, each once, as the ids along the cycle starting
 * from its earliest declared task: `['a', 'b']` means a → b → a. Dependencies on
 * unknown ids are not followed (they are reported on their own).
 */
export function findDependencyCycles(
  tasks: readonly { readonly id: string; readonly dependencies: readonly string[] }[],
): string[][] {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const declared = new Map(tasks.map((task, index) => [task.id, index]));
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const seen = new Set<string>();

  const visit = (id: string): void => {
    state.set(id, 'visiting');
    stack.push(id);
    for (const dependency of byId.get(id)?.dependencies ?? []) {
      if (!byId.has(dependency)) continue;
      const dependencyState = state.get(dependency);
      if (dependencyState === 'visiting') {
        const cycle = stack.slice(stack.indexOf(dependency));
        const rotated = rotateToEarliest(cycle, declared);
        const key = rotated.join('\u0000');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(rotated);
        }
      } else if (dependencyState === undefined) {
        visit(dependency);
      }
    }
    stack.pop();
    state.set(id, 'done');
  };

  for (const task of tasks) if (!state.has(task.id)) visit(task.id);
  return cycles;
}

/** The path found walks dependencies (a needs b); reported the same way, from the earliest declared task. */
function rotateToEarliest(cycle: readonly string[], declared: ReadonlyMap<string, number>): string[] {
  let start = 0;
  for (let index = 1; index < cycle.length; index++) {
    const candidate = cycle[index] as string;
    if ((declared.get(candidate) ?? 0) < (declared.get(cycle[start] as string) ?? 0)) start = index;
  }
  return [...cycle.slice(start), ...cycle.slice(0, start)];
}
