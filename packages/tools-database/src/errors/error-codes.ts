/** Every error code of `@orkeon/tools-database`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const toolsDatabaseErrorCodes = {} as const;

export type ToolsDatabaseErrorCode = keyof typeof toolsDatabaseErrorCodes;
