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
export {
  bindShellSettings,
  type ShellSettings,
  type ShellSettingsInput,
  shellSettings,
} from './shell/shell-settings.js';
export { createShellTool, type ShellToolOptions, shellToolName } from './shell/shell-tool.js';
