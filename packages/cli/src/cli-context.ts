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
