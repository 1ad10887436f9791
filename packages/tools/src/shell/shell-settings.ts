import { bindSettingsInCode, defineSettingsSection } from '@orkeon/core';
import { z } from 'zod';
import { commandNameProblem } from './command-name.js';

const commandName = z.string().superRefine((name, context) => {
  const problem = commandNameProblem(name);
  if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
});

/** `Svc:Tools:Shell`: which programs `shell_command` may run, for how long, and how much output it keeps. */
export const shellSettings = defineSettingsSection(
  'Svc:Tools:Shell',
  z.object({
    AllowInterpreters: z
      .boolean()
      .default(false)
      .describe(
        'Also allow node, dotnet, npm and find (with -exec), and lift the read-only limits on git and on risky options. Equivalent to remote code execution by the agent; a warning is logged. Ignored when AllowedCommands is set.',
      ),
    ExtraAllowedCommands: z
      .array(commandName)
      .default([])
      .describe(
        'Bare command names added to the allowed list (e.g. "head", "jq"), also on top of AllowedCommands. They get the path checks, but no rules for their options.',
      ),
    AllowedCommands: z
      .array(commandName)
      .default([])
      .describe(
        'When not empty, the whole allowed list: it replaces the defaults and cancels AllowInterpreters (interpreters run only if listed), and git, if listed, stays read-only. Empty means the defaults.',
      ),
    TimeoutSeconds: z
      .number()
      .min(1)
      .max(600)
      .default(30)
      .describe('Time limit of one command; then its whole process group is stopped.'),
    MaxOutputCharacters: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(20_000)
      .describe(
        'Characters kept from standard output and from standard error, each; a command writing more is stopped.',
      ),
  }),
  { description: 'The shell_command tool: which programs agents may run, for how long, and how much output is kept.' },
);

/** The bound `Svc:Tools:Shell` settings, defaults applied. */
export type ShellSettings = z.output<typeof shellSettings.schema>;

/** The settings as written: every key optional. */
export type ShellSettingsInput = z.input<typeof shellSettings.schema>;

/**
 * Applies the defaults to settings written in code and checks them as the
 * configuration would; a bad value (e.g. a command name with a '/') throws a
 * `ConfigurationError` naming the key, before any tool exists.
 */
export function bindShellSettings(settings: ShellSettingsInput): ShellSettings {
  return bindSettingsInCode(shellSettings, settings);
}
