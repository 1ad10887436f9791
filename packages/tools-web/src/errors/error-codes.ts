/** Every error code of `@orkeon/tools-web`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const toolsWebErrorCodes = {
  WEB_GITHUB_PACKAGE_MISSING:
    'The `github` tool needs the optional package `@octokit/rest`, which is not installed: run `npm install @octokit/rest`.',
  WEB_SLACK_PACKAGE_MISSING:
    'The `slack_*` tools need the optional package `@slack/web-api`, which is not installed: run `npm install @slack/web-api`.',
} as const;

export type ToolsWebErrorCode = keyof typeof toolsWebErrorCodes;
