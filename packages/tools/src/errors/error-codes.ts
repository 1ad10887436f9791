/** Every error code of `@orkeon/tools`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const toolsErrorCodes = {
  TOOLS_FAMILY_UNKNOWN:
    'A tool family was named that Orkeon does not know (in `addSvcTools` or `family:<name>`): use one of the families the message lists.',
  TOOLS_FAMILY_PACKAGE_MISSING:
    'The npm package a tool family lives in is not installed: install the package the message names (e.g. `npm install @orkeon/tools-web`).',
  TOOLS_FAMILY_EXPORT_MISSING:
    'A family package is installed but does not export its family object (e.g. `webFamily`): install a version of the package that does.',
  TOOLS_FAMILY_LOAD_FAILED:
    'A family package was found but failed to load or to build its tools (a missing dependency of its own, a bad setting): see the cause.',
} as const;

export type ToolsErrorCode = keyof typeof toolsErrorCodes;
