/** Every error code of `@orkeon/tools-data`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const toolsDataErrorCodes = {} as const;

export type ToolsDataErrorCode = keyof typeof toolsDataErrorCodes;
