import { closestMatch } from '../text/closest-match.js';
import type { CrewDefinition } from './crew-definition.js';
import type { CrewProblem, CrewProblemCode } from './crew-problem.js';
import { findDependencyCycles } from './dependency-cycles.js';

export interface CrewRuleOptions {
  /** The tool registry's names: every tool an agent or task names must be one (case ignored). Unchecked when absent. */
  readonly toolNames?: Iterable<string>;
}

/** The rules across a whole crew that a schema cannot express: references, cycles, the manager, tools, mounts. */
export function crewRuleProblems(crew: CrewDefinition, options: CrewRuleOptions = {}): CrewProblem[] {
  const problems: CrewProblem[] = [];
  const add = (code: CrewProblemCode, path: readonly string[], message: string) =>
    problems.push({ code, path, message });

  if (crew.agents.length === 0) add('missing', ['agents'], 'the crew has no agents; add at least one under agents.');
  if (crew.tasks.length === 0) add('missing', ['tasks'], 'the crew has no tasks; add at least one under tasks.');
  for (const id of duplicates(crew.agents.map((agent) => agent.id))) {
    add('duplicate-id', ['agents', id], `more than one agent has the id '${id}'; give each agent its own id.`);
  }
  for (const id of duplicates(crew.tasks.map((task) => task.id))) {
    add('duplicate-id', ['tasks', id], `more than one task has the id '${id}'; give each task its own id.`);
  }

  const agentIds = [...new Set(crew.agents.map((agent) => agent.id))];
  const taskIds = [...new Set(crew.tasks.map((task) => task.id))];
  for (const task of crew.tasks) {
    if (task.agent !== undefined && !agentIds.includes(task.agent)) {
      add('unknown-agent', ['tasks', task.id, 'agent'], unknownReference('agent', task.agent, agentIds));
    }
    task.dependencies.forEach((dependency, index) => {
      if (dependency === task.id) return; // reported as a cycle
      if (!taskIds.includes(dependency)) {
        add(
          'unknown-dependency',
          ['tasks', task.id, 'dependencies', String(index)],
          unknownReference('task', dependency, taskIds),
        );
      }
    });
  }
  for (const cycle of findDependencyCycles(crew.tasks)) {
    const first = cycle[0] as string;
    add(
      'dependency-cycle',
      ['tasks', first, 'dependencies'],
      `dependency cycle ${[...cycle, first].join(' → ')}; remove one of these dependencies.`,
    );
  }

  if (crew.manager === undefined) {
    if (crew.process === 'hierarchical') {
      add(
        'manager-missing',
        ['manager'],
        `a hierarchical crew needs a manager; add manager: <agent id> (agents: ${agentIds.join(', ')}).`,
      );
    }
  } else if (!agentIds.includes(crew.manager)) {
    add('unknown-manager', ['manager'], unknownReference('agent', crew.manager, agentIds));
  } else if (crew.process === 'hierarchical' && crew.agents.length < 2) {
    add(
      'no-workers',
      ['agents'],
      `a hierarchical crew needs at least one agent besides its manager '${crew.manager}' to do the tasks.`,
    );
  }

  if (crew.executionBudget !== undefined && crew.process !== 'autonomous') {
    add(
      'bad-value',
      ['executionBudget'],
      `an execution budget bounds only the autonomous process, and this crew's process is ${crew.process}; set process: autonomous, or use budget: for limits every process honours.`,
    );
  }

  if (options.toolNames !== undefined) {
    const available = [...options.toolNames];
    const known = new Set(available.map((name) => name.toLowerCase()));
    const check = (names: readonly string[], path: readonly string[]) =>
      names.forEach((name, index) => {
        if (!known.has(name.toLowerCase())) add('unknown-tool', [...path, String(index)], unknownTool(name, available));
      });
    for (const agent of crew.agents) check(agent.tools, ['agents', agent.id, 'tools']);
    for (const task of crew.tasks) check(task.tools, ['tasks', task.id, 'tools']);
  }

  const mounts = new Set<string>();
  crew.mounts.forEach((mount, index) => {
    if (!/^(?:[^|/\s]+\|)?\/\S*$/.test(mount)) {
      add(
        'bad-mount',
        ['mounts', String(index)],
        `'${mount}' is not a virtual root; write /name (e.g. /output), or <mount id>|/name to pin one mount.`,
      );
    } else if (mounts.has(mount)) {
      add('duplicate-mount', ['mounts', String(index)], `'${mount}' is listed twice; list each root once.`);
    }
    mounts.add(mount);
  });
  return problems;
}

function duplicates(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
}

function unknownReference(kind: 'agent' | 'task', id: string, ids: readonly string[]): string {
  const match = closestMatch(id, ids);
  const hint = match === undefined ? '' : ` did you mean '${match}'?`;
  return `no ${kind} has the id '${id}';${hint} ${kind}s: ${ids.join(', ') || '(none)'}.`;
}

function unknownTool(name: string, available: readonly string[]): string {
  const match = closestMatch(name, available);
  const hint = match === undefined ? '' : ` did you mean '${match}'?`;
  return `unknown tool '${name}';${hint} available: ${[...available].sort().join(', ') || '(none)'}.`;
}
