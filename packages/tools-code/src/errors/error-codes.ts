/** Every error code of `@orkeon/tools-code`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const toolsCodeErrorCodes = {} as const;

export type ToolsCodeErrorCode = keyof typeof toolsCodeErrorCodes;
