import { readdir, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { CrewValidationError, type Tool } from '@orkeon/core';
import { StudioAsks, type StudioCrew, startStudioServer, studioSettings } from '@orkeon/studio';
import type { CliCommandAction } from '../cli-command.js';
import { ExitCode } from '../exit-codes.js';
import { createCliRuntime } from '../run/create-cli-runtime.js';
import { loadRunTarget } from '../run/load-run-target.js';
import { crewFolderOf } from '../run/run-arguments.js';
import { UsageError } from '../usage-error.js';
import { cliVersion } from '../version.js';

interface StudioOptions {
  host?: string;
  port?: string;
  token?: string;
  state?: string;
  mount?: string[];
}

const crewFiles = ['crew.yaml', 'crew.yml'];

/** What `orkeon studio` does; its arguments, options and help are in `studio-command-definition.ts`. */
export const studioAction: CliCommandAction = {
  async run(context, command) {
    const [path = '.'] = command.args as [string?];
    const options = command.opts<StudioOptions>();
    const absolute = resolve(context.io.workingDirectory, path);
    const crewPaths = await crewPathsIn(absolute, path);
    const crewFolder =
      crewPaths.length === 1 && crewPaths[0] !== absolute ? absolute : crewFolderOf(path, context.io.workingDirectory);
    const configuration = await context.configuration({ searchDirectories: [crewFolder] });
    const settings = configuration.get(studioSettings);
    const port = options.port === undefined ? settings.Port : portOf(options.port);
    const token = options.token ?? settings.Token;
    if (token !== undefined && token.length < 16)
      throw new UsageError(
        '--token must be at least 16 characters: a short token is guessed. Try $(openssl rand -hex 16).',
      );
    const logger = await context.logger();
    const asks = new StudioAsks();
    const { runtime, close } = await createCliRuntime({
      // The page answers both the agents' human_input questions and the permission gate's asks.
      humanInput: asks,
      configuration,
      logger,
      crewFolder,
      ...(options.state === undefined ? {} : { statePath: resolve(context.io.workingDirectory, options.state) }),
      workingDirectory: context.io.workingDirectory,
      mounts: options.mount ?? [],
    });
    try {
      const tools = runtime.tools.list();
      const crews = await Promise.all(crewPaths.map((crewPath) => studioCrewOf(crewPath, tools)));
      const server = await startStudioServer({
        runtime,
        crews,
        asks,
        logger,
        host: options.host ?? settings.Host,
        port,
        version: cliVersion,
        maxEventsPerRun: settings.MaxEventsPerRun,
        configuration,
        ...(token === undefined ? {} : { token }),
      });
      context.io.stderr.write(
        `orkeon: Studio at ${server.url} (crews: ${crews.map((crew) => crew.name).join(', ')}); Ctrl+C stops\n`,
      );
      await new Promise<void>((done) => {
        if (context.signal.aborted) done();
        else context.signal.addEventListener('abort', () => done(), { once: true });
      });
      await server.close();
      return ExitCode.ok;
    } finally {
      await close();
    }
  },
};

/** The crews `path` names: a crew file, a crew folder, or the crew folders (holding crew.yaml) directly inside it. */
async function crewPathsIn(absolute: string, shown: string): Promise<string[]> {
  const info = await stat(absolute).catch(() => undefined);
  if (info === undefined)
    throw new UsageError(`'${shown}' does not exist. Give a crew file, a crew folder, or a folder of crews.`);
  if (info.isFile() || (await holdsCrew(absolute))) return [absolute];
  const entries = await readdir(absolute, { withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => join(absolute, entry.name))
    .sort();
  const crews: string[] = [];
  for (const folder of folders) if (await holdsCrew(folder)) crews.push(folder);
  if (crews.length === 0)
    throw new UsageError(
      `'${shown}' holds no crew: give crew.yaml, a folder with crew.yaml, or a folder whose subfolders hold crew.yaml (orkeon init makes one).`,
    );
  return crews;
}

async function holdsCrew(folder: string): Promise<boolean> {
  for (const name of crewFiles) if ((await stat(join(folder, name)).catch(() => undefined))?.isFile()) return true;
  return false;
}

/**
 * A crew for the page: its `{KEY}` variables are those loading it without values reports unset;
 * its name and goal come from loading it with each placeholder standing for itself.
 */
async function studioCrewOf(path: string, tools: readonly Tool[]): Promise<StudioCrew> {
  const variables = await loadRunTarget(path, { variables: {}, tools }).then(
    () => [] as string[],
    (error: unknown) => {
      if (!CrewValidationError.isInstance(error)) throw error;
      const names = error.problems.flatMap((problem) => (problem.variable === undefined ? [] : [problem.variable]));
      // Any other problem is the crew's own: report it now, as orkeon run would.
      if (names.length < error.problems.length) throw error;
      return [...new Set(names)];
    },
  );
  const load = async (values: Readonly<Record<string, string>>) => {
    const target = await loadRunTarget(path, { variables: values, tools });
    if (target.kind !== 'crew') throw new UsageError(`'${path}' is a script, not a crew: Studio starts crews.`);
    return target.crew;
  };
  const shown = await load(Object.fromEntries(variables.map((name) => [name, `{${name}}`])));
  return {
    name: shown.name || basename(path),
    ...(shown.goal === undefined ? {} : { description: shown.goal }),
    variables,
    load,
  };
}

function portOf(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(`--port takes a whole number from 0 to 65535, not '${text}'.`);
  return port;
}
