import { stat } from 'node:fs/promises';
import { basename, dirname, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FileSystem, Logger } from '@orkeon/core';
import {
  type CrewDefinition,
  type CrewInput,
  CrewValidationError,
  defineCrew,
  type LlmClient,
  loadCrew,
  type Tool,
  type ToolResult,
} from '@orkeon/core';
import { expandToolGroups, mcpToolGroups } from '@orkeon/mcp/settings';
import { expandToolFamilies, toolFamilyGroups, toolFamilyReferenceProblem } from '@orkeon/tools';
import { tsImport } from 'tsx/esm/api';
import { UsageError } from '../usage-error.js';
import { letModulesImportOrkeon } from './orkeon-imports.js';

/** What a procedural script receives: its model, its tools, the file system. */
export interface ScriptContext {
  /** The model with every registered tool, through the invocation pipeline. */
  readonly llm: LlmClient;
  readonly tools: {
    readonly names: readonly string[];
    call(name: string, input: unknown): Promise<ToolResult>;
  };
  /** The agents' view of the file system. */
  readonly vfs: FileSystem;
  readonly logger: Logger;
  /** Fires on Ctrl+C. */
  readonly signal: AbortSignal;
  /** `-V KEY=VALUE` values. */
  readonly variables: Readonly<Record<string, string>>;
}

export type RunTarget =
  | {
      readonly kind: 'crew';
      readonly crew: CrewDefinition;
      readonly folder: string;
      /** A crew module's exports (absent for YAML), e.g. its `mcp` additions for `orkeon mcp serve`. */
      readonly exports?: Readonly<Record<string, unknown>>;
    }
  | {
      readonly kind: 'script';
      readonly run: (context: ScriptContext) => unknown;
      readonly folder: string;
      /** The script's file name, which names its `crew.run` span. */
      readonly name: string;
    };

const scriptExtensions = new Set(['.ts', '.mts', '.js', '.mjs']);

/**
 * Reads what `orkeon run` was given: a YAML crew (file or folder), or a TypeScript
 * or JavaScript module, run directly (no build step). A module that exports `crew`
 * (or a default crew, or assigns `globalThis.crew`) is a crew; one whose default
 * export is a function is a procedural script.
 */
export async function loadRunTarget(
  path: string,
  options: { variables: Readonly<Record<string, string>>; tools: readonly Tool[] },
): Promise<RunTarget> {
  const absolute = resolve(path);
  const info = await stat(absolute).catch(() => undefined);
  if (info === undefined)
    throw new UsageError(`'${path}' does not exist. Give a crew file (crew.yaml, crew.ts) or a crew folder.`);
  // `mcp:<server-id>` and `family:<name>` in a crew's tools: name all of that server's or family's tools.
  const groups = new Map([...mcpToolGroups(options.tools), ...toolFamilyGroups(options.tools)]);
  const toolNames = [...options.tools.map((tool) => tool.name), ...groups.keys()];
  if (info.isFile() && scriptExtensions.has(extname(absolute))) {
    return loadModule(absolute, toolNames, groups);
  }
  const crew = await withFamilyProblems(() => loadCrew(absolute, { variables: options.variables, toolNames }));
  return {
    kind: 'crew',
    crew: withToolGroups(crew, groups),
    folder: info.isDirectory() ? absolute : dirname(absolute),
  };
}

/** The crew with each `mcp:<server-id>` and `family:<name>` of its agents' and tasks' tools replaced by their tools. */
function withToolGroups<Crew extends CrewDefinition>(crew: Crew, groups: ReadonlyMap<string, readonly string[]>): Crew {
  if (groups.size === 0) return crew;
  const expand = (names: readonly string[]) => expandToolFamilies(expandToolGroups(names, groups), groups);
  return {
    ...crew,
    agents: crew.agents.map((agent) => ({ ...agent, tools: expand(agent.tools) })),
    tasks: crew.tasks.map((task) => ({ ...task, tools: expand(task.tools) })),
  };
}

/**
 * A `family:<name>` the crew names that offers no tools here is reported as such: an
 * unknown family with the known ones, a known one with what to install or enable,
 * instead of "unknown tool".
 */
async function withFamilyProblems<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!CrewValidationError.isInstance(error)) throw error;
    let changed = false;
    const problems = error.problems.map((problem) => {
      const reference =
        problem.code === 'unknown-tool' ? /^unknown tool '([^']*)'/.exec(problem.message)?.[1] : undefined;
      const message = reference === undefined ? undefined : toolFamilyReferenceProblem(reference);
      if (message === undefined) return problem;
      changed = true;
      return { ...problem, message };
    });
    throw changed ? new CrewValidationError(problems) : error;
  }
}

async function loadModule(
  path: string,
  toolNames: readonly string[],
  groups: ReadonlyMap<string, readonly string[]>,
): Promise<RunTarget> {
  // A script may hand over its crew by assigning globalThis.crew; keep the global clean afterwards.
  const holder = globalThis as { crew?: unknown };
  const before = holder.crew;
  delete holder.crew;
  let module: { crew?: unknown; default?: unknown };
  let assigned: unknown;
  letModulesImportOrkeon();
  try {
    module = (await tsImport(pathToFileURL(path).href, import.meta.url)) as typeof module;
  } finally {
    assigned = holder.crew;
    holder.crew = before;
  }
  // A .ts file outside an ESM package loads as CommonJS: its exports arrive under `default`.
  const wrapped = module.default;
  if (typeof wrapped === 'object' && wrapped !== null && ('default' in wrapped || 'crew' in wrapped)) {
    module = { ...(wrapped as typeof module), ...(module.crew === undefined ? {} : { crew: module.crew }) };
  }
  const folder = dirname(path);
  const candidate = module.crew ?? assigned ?? (isCrewLike(module.default) ? module.default : undefined);
  if (candidate !== undefined) {
    const crew = await withFamilyProblems(async () => defineCrew(candidate as CrewInput, { toolNames }));
    return {
      kind: 'crew',
      crew: withToolGroups(crew, groups),
      folder,
      exports: module as Record<string, unknown>,
    };
  }
  if (typeof module.default === 'function') {
    return { kind: 'script', run: module.default as (context: ScriptContext) => unknown, folder, name: basename(path) };
  }
  throw new UsageError(
    `'${path}' has neither a crew nor a script: export a crew (export const crew = crewBuilder()…build(), or assign globalThis.crew), or a default function (export default async (ctx) => …).`,
  );
}

function isCrewLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'tasks' in value && 'agents' in value;
}
