export { type AddedToolFamilies, type AddSvcToolsOptions, addSvcTools } from './catalogue/add-svc-tools.js';
export {
  type KnownToolFamily,
  knownToolFamilies,
  knownToolFamilyNames,
  toolsPackageName,
} from './catalogue/known-tool-families.js';
export {
  isToolFamily,
  knownToolFamily,
  loadToolFamilies,
  loadToolFamily,
  type ToolFamilyAvailability,
  type ToolFamilyLoadOptions,
  type ToolFamilyPackageLoader,
} from './catalogue/load-tool-family.js';
export { renderToolCatalogue, replaceToolCatalogue, toolCatalogueMarkers } from './catalogue/render-tool-catalogue.js';
export type { TestedToolCatalogueEntry } from './catalogue/tested-catalogue-entry.js';
export {
  listToolCatalogue,
  type ToolListing,
  type UnavailableToolFamily,
} from './catalogue/tool-catalogue-listing.js';
export {
  expandToolFamilies,
  toolFamilyGroupPrefix,
  toolFamilyGroups,
  toolFamilyReferenceProblem,
} from './catalogue/tool-family-groups.js';
export { toolFamilySettingsSections } from './catalogue/tool-family-settings.js';
export { type ToolsErrorCode, toolsErrorCodes } from './errors/error-codes.js';
export { ToolFamilyError } from './errors/tool-family-error.js';
export { createSessionCostTool, sessionCostToolName } from './session/session-cost-tool.js';
export { sessionFamily } from './session/session-family.js';
export {
  bindSessionSettings,
  type SessionSettings,
  type SessionSettingsInput,
  sessionSettings,
} from './session/session-settings.js';
export {
  createSessionSnipTool,
  type SessionSnipInput,
  sessionSnipInput,
  sessionSnipToolName,
} from './session/session-snip-tool.js';
export { createSessionStatsTool, sessionStatsToolName } from './session/session-stats-tool.js';
export {
  createSessionStoreTool,
  type SessionStoreInput,
  sessionStoreInput,
  sessionStoreToolName,
} from './session/session-store-tool.js';
export { createTokenBudgetTool, tokenBudgetToolName } from './session/token-budget-tool.js';
export {
  buildCommandAllowlist,
  type CommandAllowlist,
  defaultCommands,
  interpreterCommands,
  readOnlyGitSubcommands,
} from './shell/command-allowlist.js';
export { type ParsedCommandLine, parseCommandLine } from './shell/command-line.js';
export { commandNameProblem, safeSearchPath } from './shell/command-name.js';
export { type ShellCommandInput, shellCommandInput } from './shell/shell-command.js';
export { shellFamily } from './shell/shell-family.js';
export {
  bindShellSettings,
  type ShellSettings,
  type ShellSettingsInput,
  shellSettings,
} from './shell/shell-settings.js';
export { createShellTool, type ShellToolOptions, shellToolName } from './shell/shell-tool.js';
