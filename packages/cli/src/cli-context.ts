import type { Configuration, Logger } from '@orkeon/core';

/** Where a command reads and writes; the real process by default, buffers in tests. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly environment: Readonly<Record<string, string | undefined>>;
  readonly workingDirectory: string;
}

/** The values of `--log-format` (and of the `Logging:Format` setting it overrides). */
export const logFormats = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof logFormats)[number];

/** Options every command accepts. */
export interface GlobalOptions {
  /** `-s, --settings <file>` */
  readonly settings?: string;
  /** `--set KEY=VALUE`, repeatable. */
  readonly set: readonly string[];
  /** How many times `-v` was given. */
  readonly verbose: number;
  /** `--log-format`; absent: the `Logging:Format` setting. */
  readonly logFormat?: LogFormat;
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
  /**
   * Sends the logger's lines to `write` instead of standard error (e.g. above a live task
   * list, which is drawn again below them); `undefined` sends them back.
   */
  routeLogLines(write: ((text: string) => void) | undefined): void;
}

/**
 * The context a command runs with. Settings and the logger are built on first use,
 * and `@orkeon/core` with the settings schemas of every package is imported only
 * then, so that `--version` and `--help` start without them.
 */
export function createCliContext(io: CliIo, globals: GlobalOptions, signal: AbortSignal): CliContext {
  let configuration: Promise<Configuration> | undefined;
  let logger: Promise<Logger> | undefined;
  let route: ((text: string) => void) | undefined;
  const logLines = {
    write: (text: string) => (route === undefined ? io.stderr.write(text) : route(text)),
    isTTY: io.stderr.isTTY === true,
  };
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
          format: globals.logFormat ?? logging.Format,
          stacks: showsStacks(globals.verbose, io.environment),
          destination: logLines,
          secrets: settings.secretValues(),
        });
      });
      return logger;
    },
    routeLogLines: (write) => {
      route = write;
    },
  };
}

/** Stacks are for the people who ask: `-v` or `ORKEON_DEBUG=1`. */
export function showsStacks(verbose: number, environment: Readonly<Record<string, string | undefined>>): boolean {
  return verbose >= 1 || environment.ORKEON_DEBUG === '1';
}

async function readSettings(
  io: CliIo,
  globals: GlobalOptions,
  searchDirectories: readonly string[],
): Promise<Configuration> {
  const [{ loadConfiguration }, { loadCliSettingsSections }] = await Promise.all([
    import('@orkeon/core'),
    import('./settings-sections.js'),
  ]);
  return loadConfiguration({
    sections: await loadCliSettingsSections(),
    searchDirectories: [...searchDirectories, io.workingDirectory],
    environment: io.environment,
    arguments: globals.set,
    ...(globals.settings === undefined ? {} : { settingsFile: globals.settings }),
  });
}
