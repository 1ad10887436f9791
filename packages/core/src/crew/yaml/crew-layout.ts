import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { CrewProblem } from '../crew-problem.js';
import { CrewValidationError } from '../crew-validation-error.js';

/** One agent or task file of the per-entity layout; the file's stem is the id. */
export interface EntityFile {
  readonly id: string;
  readonly file: string;
}

/**
 * Which files make up a crew. `single`: one file. `triplet`: a root file with
 * `agents.yaml` and/or `tasks.yaml` beside it. `per-entity`: a root file with
 * `agents/<id>.yaml` and/or `tasks/<id>.yaml`.
 */
export interface CrewLayout {
  readonly kind: 'single' | 'triplet' | 'per-entity';
  readonly root: string;
  readonly agentsFile?: string;
  readonly tasksFile?: string;
  readonly agentFiles?: readonly EntityFile[];
  readonly taskFiles?: readonly EntityFile[];
}

/** Root file names of a crew folder, in order of preference: `config.yaml` wins over `crew.yaml`. */
export const crewRootFileNames = ['config.yaml', 'config.yml', 'crew.yaml', 'crew.yml'] as const;

/**
 * Finds the files of the crew at `path`: a YAML file, or a folder holding one of the
 * layouts (or holding it in a `crew/` sub-folder). A root file named like a folder's
 * root (`crew.yaml`, `config.yaml`) next to agent or task files loads the folder.
 */
export async function findCrewLayout(path: string): Promise<CrewLayout> {
  const kind = await entryKind(path);
  if (kind === undefined) {
    throw layoutError(path, 'not-found', 'no such file or folder; give a crew YAML file or a folder holding one.');
  }
  if (kind === 'file') {
    const folder = dirname(path);
    const names = new Set(await readdir(folder));
    const isRootName = (crewRootFileNames as readonly string[]).includes(basename(path));
    const hasSiblings = ['agents.yaml', 'agents.yml', 'tasks.yaml', 'tasks.yml', 'agents', 'tasks'].some((name) =>
      names.has(name),
    );
    return isRootName && hasSiblings ? folderLayout(folder, path) : { kind: 'single', root: path };
  }
  const names = new Set(await readdir(path));
  const rootName = crewRootFileNames.find((name) => names.has(name));
  if (rootName !== undefined) return folderLayout(path, join(path, rootName));
  if (names.has('crew') && (await entryKind(join(path, 'crew'))) === 'folder')
    return findCrewLayout(join(path, 'crew'));
  throw layoutError(
    path,
    'not-found',
    'the folder holds no crew: add crew.yaml (or config.yaml), alone or with agents.yaml and tasks.yaml, or with agents/ and tasks/ folders.',
  );
}

async function folderLayout(folder: string, root: string): Promise<CrewLayout> {
  const names = new Set(await readdir(folder));
  const problems: CrewProblem[] = [];
  const single = (stem: string): string | undefined => {
    const found = [`${stem}.yaml`, `${stem}.yml`].filter((name) => names.has(name));
    if (found.length > 1) problems.push(problem(folder, 'layout', `both ${found.join(' and ')} exist; keep one.`));
    return found[0] === undefined ? undefined : join(folder, found[0]);
  };
  const agentsFile = single('agents');
  const tasksFile = single('tasks');
  const agentsFolder = names.has('agents') && (await entryKind(join(folder, 'agents'))) === 'folder';
  const tasksFolder = names.has('tasks') && (await entryKind(join(folder, 'tasks'))) === 'folder';
  if ((agentsFile !== undefined || tasksFile !== undefined) && (agentsFolder || tasksFolder)) {
    problems.push(
      problem(
        folder,
        'layout',
        'the folder mixes two layouts: agents.yaml / tasks.yaml beside agents/ or tasks/ folders; keep one layout.',
      ),
    );
  }
  const agentFiles = agentsFolder ? await entityFiles(join(folder, 'agents'), problems) : undefined;
  const taskFiles = tasksFolder ? await entityFiles(join(folder, 'tasks'), problems) : undefined;
  if (problems.length > 0) throw new CrewValidationError(problems);
  if (agentFiles !== undefined || taskFiles !== undefined) {
    return {
      kind: 'per-entity',
      root,
      ...(agentFiles === undefined ? {} : { agentFiles }),
      ...(taskFiles === undefined ? {} : { taskFiles }),
    };
  }
  if (agentsFile !== undefined || tasksFile !== undefined) {
    return {
      kind: 'triplet',
      root,
      ...(agentsFile === undefined ? {} : { agentsFile }),
      ...(tasksFile === undefined ? {} : { tasksFile }),
    };
  }
  return { kind: 'single', root };
}

/** The YAML files of an `agents/` or `tasks/` folder, in name order. */
async function entityFiles(folder: string, problems: CrewProblem[]): Promise<EntityFile[]> {
  const files = (await readdir(folder)).filter((name) => ['.yaml', '.yml'].includes(extname(name))).sort();
  const entities: EntityFile[] = [];
  for (const name of files) {
    const id = name.slice(0, -extname(name).length);
    if (entities.some((entity) => entity.id === id)) {
      problems.push(problem(folder, 'duplicate-id', `both ${id}.yaml and ${id}.yml exist; keep one.`));
      continue;
    }
    entities.push({ id, file: join(folder, name) });
  }
  return entities;
}

async function entryKind(path: string): Promise<'file' | 'folder' | undefined> {
  try {
    const entry = await stat(path);
    return entry.isDirectory() ? 'folder' : 'file';
  } catch {
    return undefined;
  }
}

function problem(file: string, code: CrewProblem['code'], message: string): CrewProblem {
  return { code, path: [], message, location: { file } };
}

function layoutError(file: string, code: CrewProblem['code'], message: string): CrewValidationError {
  return new CrewValidationError([problem(file, code, message)]);
}
