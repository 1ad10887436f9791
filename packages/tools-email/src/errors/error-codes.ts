/** Every error code of `@orkeon/tools-email`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const toolsEmailErrorCodes = {} as const;

export type ToolsEmailErrorCode = keyof typeof toolsEmailErrorCodes;
