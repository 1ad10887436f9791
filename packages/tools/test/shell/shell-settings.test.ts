import { Configuration, ConfigurationError } from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import {
  bindShellSettings,
  buildCommandAllowlist,
  createShellTool,
  defaultCommands,
  shellSettings,
} from '../../src/index.js';
import { quietLogger } from './shell-fixture.js';

const defaults = [...defaultCommands].sort();

describe('the Svc:Tools:Shell section', () => {
  it('has the documented keys, each described, with their defaults', () => {
    expect(shellSettings.path).toBe('Svc:Tools:Shell');
    const properties = shellSettings.jsonSchema.properties ?? {};
    expect(Object.keys(properties)).toEqual([
      'AllowInterpreters',
      'ExtraAllowedCommands',
      'AllowedCommands',
      'TimeoutSeconds',
      'MaxOutputCharacters',
    ]);
    for (const [name, schema] of Object.entries(properties)) {
      expect(schema.description, name).toMatch(/\w{3,}/);
    }
    expect(bindShellSettings({})).toEqual({
      AllowInterpreters: false,
      ExtraAllowedCommands: [],
      AllowedCommands: [],
      TimeoutSeconds: 30,
      MaxOutputCharacters: 20_000,
    });
  });

  it('binds from a configuration, and an absent or empty section means the defaults', () => {
    for (const tree of [
      {},
      { Svc: { Tools: { Shell: {} } } },
      { Svc: { Tools: { Shell: { AllowedCommands: [] } } } },
    ]) {
      const settings = Configuration.fromObject(tree, [shellSettings]).get(shellSettings);
      expect(buildCommandAllowlist(settings).commands).toEqual(defaults);
    }
  });

  it('refuses TimeoutSeconds outside 1..600', () => {
    expect(() =>
      Configuration.fromObject({ Svc: { Tools: { Shell: { TimeoutSeconds: 601 } } } }, [shellSettings]),
    ).toThrow(/Svc:Tools:Shell:TimeoutSeconds/);
    expect(() => bindShellSettings({ TimeoutSeconds: 0 })).toThrow(ConfigurationError);
  });

  it('refuses command names with a slash or whitespace, in the configuration and at tool creation', () => {
    expect(() =>
      Configuration.fromObject({ Svc: { Tools: { Shell: { ExtraAllowedCommands: ['/bin/rm'] } } } }, [shellSettings]),
    ).toThrow(/Svc:Tools:Shell:ExtraAllowedCommands:0.*'\/bin\/rm' contains '\/': give a bare command name/);
    expect(() => createShellTool({ ExtraAllowedCommands: ['rm -rf'] }, { logger: quietLogger() })).toThrow(
      /ExtraAllowedCommands:0.*contains whitespace/,
    );
    expect(() => createShellTool({ AllowedCommands: ['ls', '../bin/x'] }, { logger: quietLogger() })).toThrow(
      /AllowedCommands:1.*contains '\/'/,
    );
    expect(() => createShellTool({ AllowedCommands: ['..'] }, { logger: quietLogger() })).toThrow(/not a bare command/);
  });
});

describe('the allowed commands', () => {
  it('are the read-only defaults, with git limited, when nothing is configured', () => {
    const allowlist = buildCommandAllowlist(bindShellSettings({}));
    expect(allowlist.commands).toEqual(['cat', 'echo', 'git', 'grep', 'ls', 'pwd', 'wc', 'which']);
    expect(allowlist.readOnly).toBe(true);
    expect(allowlist.interpretersEnabled).toBe(false);
  });

  it('gain node, dotnet, npm and find, and lose the read-only limits, with AllowInterpreters', () => {
    const allowlist = buildCommandAllowlist(bindShellSettings({ AllowInterpreters: true }));
    expect(allowlist.commands).toEqual([...defaults, 'dotnet', 'find', 'node', 'npm'].sort());
    expect(allowlist.readOnly).toBe(false);
  });

  it('gain ExtraAllowedCommands', () => {
    const allowlist = buildCommandAllowlist(bindShellSettings({ ExtraAllowedCommands: ['head', 'jq', 'ls'] }));
    expect(allowlist.commands).toEqual([...defaults, 'head', 'jq'].sort());
  });

  it('are replaced wholly by AllowedCommands, which cancels AllowInterpreters and keeps git read-only', () => {
    const allowlist = buildCommandAllowlist(
      bindShellSettings({ AllowedCommands: ['git', 'cat'], AllowInterpreters: true, ExtraAllowedCommands: ['head'] }),
    );
    expect(allowlist.commands).toEqual(['cat', 'git', 'head']);
    expect(allowlist.interpretersEnabled).toBe(false);
    expect(allowlist.readOnly).toBe(true);
  });
});

describe('createShellTool', () => {
  it('returns shell_command with Execute access and limits that fit its settings', () => {
    const tool = createShellTool({ TimeoutSeconds: 5, MaxOutputCharacters: 100 }, { logger: quietLogger() });
    expect(tool.name).toBe('shell_command');
    expect(tool.access).toBe('Execute');
    expect(tool.maxResultCharacters).toBeGreaterThan(200);
    expect(tool.timeoutMilliseconds).toBeGreaterThan(5_000);
    expect(tool.description).toContain('git (status, log, diff, show only)');
    expect(tool.description).toContain('no pipes');
  });

  it('logs one security warning when AllowInterpreters is in force', () => {
    const logs = captureLogger();
    createShellTool({ AllowInterpreters: true }, { logger: logs.logger });
    const warnings = logs.records().filter((record) => record.level === 40);
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.msg)).toContain('equivalent to remote code execution');
  });

  it('logs no warning by default, nor when AllowedCommands cancels AllowInterpreters', () => {
    for (const settings of [{}, { AllowInterpreters: true, AllowedCommands: ['cat'] }]) {
      const logs = captureLogger();
      createShellTool(settings, { logger: logs.logger });
      expect(logs.records().filter((record) => Number(record.level) >= 40)).toEqual([]);
    }
  });
});
