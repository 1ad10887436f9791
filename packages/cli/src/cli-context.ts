import type { Configuration, Logger } from '@orkeon/core';

/** Where a command reads and writes; the real process by default, buffers in tests. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly environment: Readonly<Record<string, string | undefined>>;
  readonly workingDirectory: string;
}

/** Options every command accepts. */
export interface GlobalOptions {
  /** `-s, --settings <file>` */
  readonly settings?: string;
  /** `--set KEY=VALUE`, repeatable. */
  readonly set: readonly string[];
  /** How many times `-v` was given. */
  readonly verbose: number;
}

export interface CliContext {
  readonly io: CliIo;
  readonly globals: GlobalOptions;
  /** Aborted on Ctrl+C; long work must stop when it fires. */
  readonly signal: AbortSignal;
  /**
   * The run's settings, read and judged on first use (later calls get the same
   * object). Without `--settings`, `appsettings.json` is looked for in
   * `searchDirectories` (e.g. the crew's folder), then the working directory.
   * Throws `ConfigurationError`.
   */
  configuration(options?: { readonly searchDirectories?: readonly string[] }): Promise<Configuration>;
  /** The run's logger (standard error), with secrets from the settings scrubbed. */
  logger(): Promise<Logger>;
}

/**
 * The context a command runs with. Settings and the logger are built on first use,
 * and `@orkeon/core` with the settings schemas of every package is imported only
 * then, so that `--version` and `--help` start without them.
 */
export function createCliContext(io: CliIo, globals: GlobalOptions, signal: AbortSignal): CliContext {
  let configuration: Promise<Configuration> | undefined;
  let logger: Promise<Logger> | undefined;
  const loadSettings = (options: { readonly searchDirectories?: readonly string[] } = {}) => {
    configuration ??= readSettings(io, globals, options.searchDirectories ?? []);
    return configuration;
  };
  return {
    io,
    globals,
    signal,
    configuration: loadSettings,
    logger: () => {
      logger ??= Promise.all([loadSettings(), import('@orkeon/core')]).then(([settings, core]) => {
        const logging = settings.get(core.loggingSettings);
        return core.createLogger({
          level: core.levelForVerbosity(globals.verbose, logging.Level),
          format: logging.Format,
          destination: io.stderr,
          secrets: settings.secretValues(),
        });
      });
      return logger;
    },
  };
}

async function readSettings(
  io: CliIo,
  globals: GlobalOptions,
  searchDirectories: readonly string[],
): Promise<Configuration> {
  const [{ loadConfiguration }, { cliSettingsSections }] = await Promise.all([
    import('@orkeon/core'),
    import('./settings-sections.js'),
  ]);
  return loadConfiguration({
    sections: cliSettingsSections,
    searchDirectories: [...searchDirectories, io.workingDirectory],
    environment: io.environment,
    arguments: globals.set,
    ...(globals.settings === undefined ? {} : { settingsFile: globals.settings }),
  });
}
