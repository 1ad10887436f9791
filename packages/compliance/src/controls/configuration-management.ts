import type { ComplianceFacts } from '../compliance-facts.js';
import type { ComplianceRecommendation } from '../nist-compliance-report.js';
import { type ControlDefinition, implemented, missing, partial, runtime, setting } from './control-definition.js';

/** Programs that run other programs: listing one lets an agent run anything. */
const interpreters = new Set([
  'node',
  'npm',
  'npx',
  'dotnet',
  'find',
  'python',
  'python3',
  'bash',
  'sh',
  'zsh',
  'perl',
  'ruby',
  'deno',
  'bun',
  'pwsh',
  'powershell',
]);

interface Weakening {
  readonly key: string;
  readonly value: string;
  readonly fix: Omit<ComplianceRecommendation, 'controlId'>;
}

/** Security settings changed from their safe defaults. */
function weakenedSettings(facts: ComplianceFacts): Weakening[] {
  const found: Weakening[] = [];
  const add = (key: string, value: string, fix: string, action: string) =>
    found.push({ key, value, fix: { setting: key, value: fix, action } });
  if (!facts.guardian.on) add('Svc:Guardian:Enabled', 'false', 'true', 'Turn the Guardian back on.');
  if (facts.guardian.on && facts.guardian.promptPolicy !== 'Block')
    add('Svc:Security:Prompt:Policy', facts.guardian.promptPolicy, '"Block"', 'Let prompt injection fail the task.');
  if (facts.guardian.on && facts.guardian.toolResultPolicy === 'Off')
    add('Svc:Security:ToolResults:Policy', 'Off', '"Warn"', 'Hand tool results to the model as data again.');
  if (facts.guardian.allowedRanges > 0)
    add(
      'Svc:Security:Url:AllowedRanges',
      `${facts.guardian.allowedRanges} range(s)`,
      '[]',
      'Remove the private address ranges tool calls may reach, or keep only those needed.',
    );
  if (!facts.audit.enabled) add('Svc:Security:Audit:Enabled', 'false', 'true', 'Turn the audit trail back on.');
  if (facts.permissionGate.enabledSetting && facts.permissionGate.modeSetting === 'bypassPermissions')
    add(
      'Svc:Security:PermissionGate:Mode',
      'bypassPermissions',
      '"default"',
      'Let the gate ask for edits and executions.',
    );
  if (facts.shell?.allowInterpreters === true && facts.shell.allowedCommands.length === 0)
    add('Svc:Tools:Shell:AllowInterpreters', 'true', 'false', 'Stop letting agents run interpreters.');
  return found;
}

/** CM: a recorded configuration, security settings at safe values, and no more function than needed. */
export const configurationControls: readonly ControlDefinition[] = [
  {
    id: 'CM-2',
    family: 'CM',
    title: 'Baseline Configuration',
    description:
      'A known configuration is kept and can be reviewed. Orkeon judges every setting at start (an unknown key or a bad value stops it); a settings file is the baseline one can keep under version control.',
    severity: 'Low',
    assess({ facts }) {
      const evidence = [
        setting('settings file', facts.settingsFile ?? 'none'),
        setting('settings sources', facts.sources.join(', ') || 'none'),
      ];
      if (facts.settingsFile !== undefined)
        return {
          status: implemented,
          rationale: 'The settings come from a file, judged at start against every known section.',
          evidence,
        };
      return {
        status: partial,
        rationale:
          'The settings are judged at start, but none come from a file: the configuration lives in environment variables or code.',
        evidence,
        recommendation: {
          action:
            'Keep the settings in appsettings.json (or a file given with --settings) under version control; leave only secrets to SVC_ environment variables.',
        },
      };
    },
  },
  {
    id: 'CM-6',
    family: 'CM',
    title: 'Configuration Settings',
    description:
      'Security settings stay at their safe values. The report lists the ones weakened from Orkeon’s defaults: the Guardian and its prompt and tool-result policies, private address ranges let through, the audit trail, the gate’s bypass mode, and shell interpreters.',
    severity: 'Medium',
    assess({ facts }) {
      const weakened = weakenedSettings(facts);
      const evidence =
        weakened.length === 0
          ? [setting('security settings weakened', 0)]
          : weakened.map((item) => setting(item.key, item.value));
      if (weakened.length === 0)
        return { status: implemented, rationale: 'No security setting is weakened from its default.', evidence };
      return {
        status: weakened.length >= 3 ? missing : partial,
        rationale: `${weakened.length} security setting(s) are weakened from their defaults: ${weakened.map((item) => item.key).join(', ')}.`,
        evidence,
        recommendation: (weakened[0] as Weakening).fix,
      };
    },
  },
  {
    id: 'CM-7',
    family: 'CM',
    title: 'Least Functionality',
    description:
      'Only the functions needed are offered. For Orkeon the riskiest one is the shell tool: its allowlist, and whether interpreters (node, npm, python, …) that run any code are on it.',
    severity: 'Medium',
    assess({ facts }) {
      const shell = facts.shell;
      if (shell === undefined)
        return {
          status: missing,
          rationale: 'The settings have a Svc:Tools:Shell section, but it was not given to the reporter.',
          evidence: [setting('Svc:Tools:Shell', 'present, not given to the reporter')],
          recommendation: {
            action: 'Give the shell settings to addSvcNistCompliance (packageSettings.shell), as orkeon does.',
          },
        };
      const evidence = [
        ...(shell.toolRegistered === undefined
          ? []
          : [runtime('shell_command', shell.toolRegistered ? 'registered' : 'not registered')]),
        setting('Svc:Tools:Shell:AllowInterpreters', shell.allowInterpreters),
        setting('Svc:Tools:Shell:AllowedCommands', shell.allowedCommands.join(', ') || 'defaults'),
        setting('Svc:Tools:Shell:ExtraAllowedCommands', shell.extraAllowedCommands.join(', ') || 'none'),
      ];
      if (shell.toolRegistered === false)
        return { status: implemented, rationale: 'No shell tool is registered.', evidence };
      const listed = [...shell.allowedCommands, ...shell.extraAllowedCommands].filter((name) =>
        interpreters.has(name.toLowerCase()),
      );
      if (shell.allowInterpreters && shell.allowedCommands.length === 0)
        return {
          status: missing,
          rationale: 'The shell tool lets agents run interpreters: any code can run.',
          evidence,
          recommendation: {
            setting: 'Svc:Tools:Shell:AllowInterpreters',
            value: 'false',
            action: 'Stop letting agents run interpreters; list the commands needed in ExtraAllowedCommands.',
          },
        };
      if (listed.length > 0 || shell.extraAllowedCommands.length > 0)
        return {
          status: partial,
          rationale:
            listed.length > 0
              ? `The shell allowlist holds interpreters (${listed.join(', ')}), which run any code.`
              : 'The shell allowlist adds commands whose options nothing checks.',
          evidence,
          recommendation: {
            setting:
              listed.length > 0 && shell.allowedCommands.length > 0
                ? 'Svc:Tools:Shell:AllowedCommands'
                : 'Svc:Tools:Shell:ExtraAllowedCommands',
            action: 'Keep only the commands the crews need, and no interpreter.',
          },
        };
      return {
        status: implemented,
        rationale: 'The shell tool keeps its strict read-only allowlist.',
        evidence,
      };
    },
  },
];
