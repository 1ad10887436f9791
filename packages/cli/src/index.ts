export type { CliCommand, CliCommandAction } from './cli-command.js';
export type { CliContext, CliIo, GlobalOptions } from './cli-context.js';
export { ExitCode } from './exit-codes.js';
export { main } from './main.js';
export { builtInCommands, type RunCliOptions, runCli } from './run-cli.js';
export { cliSettingsSections } from './settings-sections.js';
export { terminalPermissionPrompt } from './terminal-permission-prompt.js';
export { UsageError } from './usage-error.js';
export { cliVersion } from './version.js';
