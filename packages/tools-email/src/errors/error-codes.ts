/** Every error code of `@orkeon/tools-email`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const toolsEmailErrorCodes = {
  EMAIL_LIBRARY_MISSING:
    'A library of the e-mail tools (imapflow, nodemailer or mailparser) cannot be loaded: install `@orkeon/tools-email` again so its dependencies are present.',
} as const;

export type ToolsEmailErrorCode = keyof typeof toolsEmailErrorCodes;
