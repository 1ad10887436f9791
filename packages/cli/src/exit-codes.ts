/** The `orkeon` command's exit codes. They are stable: scripts may rely on them. */
export const ExitCode = {
  /** Everything worked. */
  ok: 0,
  /** A usage or configuration error: bad arguments, a missing file, a refused setting, a failed check. */
  usage: 1,
  /** The run failed: a runtime error, or the crew did not succeed. */
  runFailed: 2,
  /** Interrupted with Ctrl+C (SIGINT). */
  interrupted: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
