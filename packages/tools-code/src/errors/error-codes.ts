/** Every error code of `@orkeon/tools-code`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const toolsCodeErrorCodes = {
  // The code sandbox
  CODE_SANDBOX_OPTION_INVALID:
    'An option of `new CodeSandbox(…)` is out of range (e.g. a stack over 1 MiB): the message names the option and what is allowed.',
  CODE_SANDBOX_CLOSED: 'A `CodeSandbox` was used after `close()`: create a new sandbox, or close it only at the end.',
} as const;

export type ToolsCodeErrorCode = keyof typeof toolsCodeErrorCodes;
