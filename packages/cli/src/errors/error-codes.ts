/** Every error code of the `orkeon` command, each with what happened and what to do (rules: `coreErrorCodes`). */
export const cliErrorCodes = {
  CLI_USAGE_INVALID:
    'A command was called wrongly (a missing argument, a bad flag value): `orkeon` exits with 1 and says how.',
  CLI_NODE_UNSUPPORTED:
    'The Node.js running `orkeon` is older than 22.12: install Node 24 LTS, or run ./orkeon from the repository, which provisions it.',
  A2A_TASK_STOPPED: '`orkeon serve` stopped a task (it was cancelled, or the server closed) before the agent answered.',
} as const;

export type CliErrorCode = keyof typeof cliErrorCodes;
