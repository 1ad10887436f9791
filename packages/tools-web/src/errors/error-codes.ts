/** Every error code of `@orkeon/tools-web`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const toolsWebErrorCodes = {} as const;

export type ToolsWebErrorCode = keyof typeof toolsWebErrorCodes;
