import { agentSelectionStrategies } from './agent-selection-strategy.js';
import type { CrewDefinition } from './crew-definition.js';
import type { CrewProblem } from './crew-problem.js';
import { agentFileSchema, crewFileSchema, taskFileSchema } from './crew-schema.js';
import { CrewValidationError } from './crew-validation-error.js';
import { validateCrew } from './validate-crew.js';
import { type CrewLayout, findCrewLayout } from './yaml/crew-layout.js';
import { fillCrewVariables } from './yaml/crew-variables.js';
import { SourcePositions } from './yaml/source-positions.js';
import { readYamlFile, type YamlFile } from './yaml/yaml-file.js';
import { YamlWalker } from './yaml/yaml-walker.js';

export interface LoadCrewOptions {
  /** Values for the `{KEY}` placeholders (`orkeon run -V KEY=VALUE`). */
  readonly variables?: Readonly<Record<string, string>>;
  /** The tool registry's names; when given, every tool an agent or task names must be one. */
  readonly toolNames?: Iterable<string>;
}

/** A crew loaded from YAML, with where it came from. */
export interface LoadedCrew extends CrewDefinition {
  /** The path `loadCrew` was given. */
  readonly source: string;
  readonly layout: CrewLayout['kind'];
  /** Every file read, root file first. */
  readonly files: readonly string[];
}

/**
 * Loads a crew from a YAML file or folder (single file, triplet or per-entity layout),
 * fills its `{KEY}` placeholders and validates it like every other entry point. Throws
 * `CrewValidationError` (code `CREW_INVALID`) with every problem as `file:line:column: key: message`.
 */
export async function loadCrew(path: string, options: LoadCrewOptions = {}): Promise<LoadedCrew> {
  const layout = await findCrewLayout(path);
  const files = [
    layout.root,
    ...(layout.agentsFile === undefined ? [] : [layout.agentsFile]),
    ...(layout.tasksFile === undefined ? [] : [layout.tasksFile]),
    ...(layout.agentFiles ?? []).map((entity) => entity.file),
    ...(layout.taskFiles ?? []).map((entity) => entity.file),
  ];
  const parsed = await Promise.all(files.map(readYamlFile));
  const syntaxProblems = parsed.flatMap((result) => result.problems);
  if (syntaxProblems.length > 0) throw new CrewValidationError(syntaxProblems);
  const sources = new Map(parsed.map((result, index) => [files[index] as string, result.yaml as YamlFile]));

  const positions = new SourcePositions();
  const problems: CrewProblem[] = [];
  const walk = (file: string, schema: Parameters<YamlWalker['walkRoot']>[0], path: readonly string[]) => {
    const walker = new YamlWalker(sources.get(file) as YamlFile, positions);
    const value = walker.walkRoot(schema, path, ['anchors']);
    problems.push(...walker.problems);
    return value;
  };

  const root = walk(layout.root, crewFileSchema, []);
  if (!isRecord(root)) {
    const message =
      root === undefined
        ? 'the file is empty; a crew needs at least name, agents and tasks.'
        : 'the file must be a map of keys (name, goal, process, agents, tasks, …).';
    throw new CrewValidationError([
      {
        code: root === undefined ? 'missing' : 'bad-type',
        path: [],
        message,
        location: { file: layout.root, line: 1, column: 1 },
      },
    ]);
  }
  for (const [list, file, entities, schema] of [
    ['agents', layout.agentsFile, layout.agentFiles, agentFileSchema],
    ['tasks', layout.tasksFile, layout.taskFiles, taskFileSchema],
  ] as const) {
    if (file === undefined && entities === undefined) continue;
    const elsewhere = file ?? `${list}/`;
    if (Object.hasOwn(root, list)) {
      problems.push({
        code: 'layout',
        path: [list],
        message: `${list} are declared both here and in ${elsewhere}; declare them in one place.`,
      });
      continue;
    }
    if (file !== undefined) root[list] = walk(file, crewFileSchema.shape[list], [list]);
    else
      root[list] = Object.fromEntries(
        (entities ?? []).map(({ id, file: entityFile }) => [id, walk(entityFile, schema, [list, id])]),
      );
  }
  // Problems of shape (unknown keys, layout) come first: what follows would only repeat them.
  if (problems.length > 0) throw locatedError(problems, positions, files);
  const input = toCrewInput(root, positions, problems);
  if (problems.length > 0) throw locatedError(problems, positions, files);

  problems.push(...fillCrewVariables(input, options.variables ?? {}));
  const validation = validateCrew(input, options.toolNames === undefined ? {} : { toolNames: options.toolNames });
  problems.push(...validation.problems);
  if (validation.crew === undefined || problems.length > 0) throw locatedError(problems, positions, files);
  return { ...validation.crew, source: path, layout: layout.kind, files };
}

/** The file form (agents and tasks keyed by id) as the domain form every entry point validates. */
function toCrewInput(
  root: Record<string, unknown>,
  positions: SourcePositions,
  problems: CrewProblem[],
): Record<string, unknown> {
  const { agents, tasks, anchors: _, ...rest } = root;
  const input: Record<string, unknown> = { ...rest };
  // `process:`, `agentSelection:` and the execution budget's preset are matched without regard to case.
  if (typeof input.process === 'string') input.process = input.process.toLowerCase();
  if (input.executionBudget !== undefined) input.executionBudget = presetInLowerCase(input.executionBudget);
  const selection = input.agentSelection;
  if (typeof selection === 'string') {
    input.agentSelection =
      agentSelectionStrategies.find((strategy) => strategy.toLowerCase() === selection.toLowerCase()) ?? selection;
  }
  for (const [list, value] of [
    ['agents', agents],
    ['tasks', tasks],
  ] as const) {
    if (value === undefined) continue;
    if (!isRecord(value)) {
      problems.push({ code: 'bad-type', path: [list], message: `expected the ${list} as a map keyed by id.` });
      continue;
    }
    input[list] = positions
      .keysAt([list])
      .filter((id) => Object.hasOwn(value, id))
      .flatMap((id) => {
        const entity = value[id];
        if (isRecord(entity)) return [{ id, ...entity }];
        const expected = list === 'agents' ? 'role, goal, …' : 'description, expectedOutput, …';
        problems.push({ code: 'bad-type', path: [list, id], message: `expected a map of keys (${expected}).` });
        return [];
      });
  }
  return input;
}

/** Every problem with its place in the files, in reading order (files in load order, then line and column). */
function locatedError(
  problems: readonly CrewProblem[],
  positions: SourcePositions,
  files: readonly string[],
): CrewValidationError {
  const located = problems.map((problem) => ({
    ...problem,
    location: problem.location ?? positions.locate(problem.path) ?? { file: files[0] as string },
    key: positions.writtenKey(problem.path),
  }));
  const rank = (problem: (typeof located)[number]) => [
    files.indexOf(problem.location.file),
    problem.location.line ?? 0,
    problem.location.column ?? 0,
  ];
  return new CrewValidationError(
    located.sort((a, b) => {
      const [left, right] = [rank(a), rank(b)];
      return left.reduce((order, value, index) => order || value - (right[index] ?? 0), 0);
    }),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `executionBudget: Strict` or `{ preset: Strict }` as the schema's lower-case name; anything else as written. */
function presetInLowerCase(budget: unknown): unknown {
  if (typeof budget === 'string') return budget.toLowerCase();
  if (isRecord(budget) && typeof budget.preset === 'string') return { ...budget, preset: budget.preset.toLowerCase() };
  return budget;
}
