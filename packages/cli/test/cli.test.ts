import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OrkeonError } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CliCommand, cliVersion, ExitCode, UsageError } from '../src/index.js';
import { runOrkeon } from './run-cli-helpers.js';

let folder: TemporaryDirectory;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
});
afterEach(async () => {
  await folder.remove();
});

describe('orkeon', () => {
  it('--version prints the version and exits 0', async () => {
    const result = await runOrkeon(['--version']);
    expect(result).toEqual({ code: 0, stdout: `${cliVersion}\n`, stderr: '' });
  });

  it('--help lists the commands and the exit codes', async () => {
    const result = await runOrkeon(['--help']);
    expect(result.code).toBe(ExitCode.ok);
    expect(result.stdout).toContain('doctor');
    expect(result.stdout).toContain('Exit codes: 0 ok, 1 usage or configuration error, 2 run failed, 130 interrupted.');
  });

  it('an unknown command exits 1 and lists the commands', async () => {
    const result = await runOrkeon(['doctr']);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toBe(
      "orkeon: CLI_USAGE_INVALID: unknown command 'doctr' (Did you mean doctor?). Commands: init, run, eval, serve, studio, mcp, audit, compliance, keys, doctor, help. Run 'orkeon --help' for usage.\n",
    );
  });

  it('an unknown option exits 1', async () => {
    const result = await runOrkeon(['doctor', '--bogus']);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toMatch(/^orkeon: CLI_USAGE_INVALID: unknown option '--bogus'/);
  });

  it('no command prints the help on standard error and exits 1', async () => {
    const result = await runOrkeon([]);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain('Usage: orkeon');
  });

  it('a configuration error in a command exits 1 with one line per problem', async () => {
    const needsSettings: CliCommand = {
      name: 'needs-settings',
      summary: 'reads the settings',
      configure: () => {},
      run: async (context) => {
        await context.configuration();
        return ExitCode.ok;
      },
    };
    const result = await runOrkeon(['needs-settings'], {
      commands: [needsSettings],
      environment: { SVC_Llm__Temperature: 'hot', SVC_Llm__Provider: 'x' },
    });
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^orkeon: CONFIGURATION_INVALID: Unknown setting 'Llm:Provider'/),
      expect.stringMatching(/^orkeon: CONFIGURATION_INVALID: Setting 'Llm:Temperature' = "hot"/),
    ]);
  });

  it('a usage error exits 1; any other failure exits 2 with ERROR: as the last line', async () => {
    const failing = (error: Error): CliCommand => ({
      name: 'fail',
      summary: 'fails',
      configure: () => {},
      run: async () => {
        throw error;
      },
    });
    const usage = await runOrkeon(['fail'], { commands: [failing(new UsageError('give a crew file'))] });
    expect(usage).toMatchObject({ code: ExitCode.usage, stderr: 'orkeon: CLI_USAGE_INVALID: give a crew file\n' });

    const coded = await runOrkeon(['fail'], {
      commands: [failing(new OrkeonError('LLM_PROVIDER_FAILED', "The 'openai' provider failed: connection refused"))],
    });
    expect(coded).toMatchObject({
      code: ExitCode.runFailed,
      stderr: "ERROR: LLM_PROVIDER_FAILED: The 'openai' provider failed: connection refused\n",
    });

    const crash = await runOrkeon(['fail'], { commands: [failing(new Error('the crew did not succeed'))] });
    expect(crash.code).toBe(ExitCode.runFailed);
    expect(crash.stderr).toBe('ERROR: the crew did not succeed\n');

    const debug = await runOrkeon(['fail'], {
      commands: [failing(new Error('boom'))],
      environment: { ORKEON_DEBUG: '1' },
    });
    expect(debug.stderr).toMatch(/^Error: boom\n\s+at /);
    expect(debug.stderr.trim().split('\n').at(-1)).toBe('ERROR: boom');
  });

  it('an aborted run exits 130', async () => {
    const controller = new AbortController();
    const waits: CliCommand = {
      name: 'wait',
      summary: 'waits to be interrupted',
      configure: () => {},
      run: (context) =>
        new Promise((_, reject) => {
          context.signal.addEventListener('abort', () => reject(new Error('stopped')));
          controller.abort();
        }),
    };
    const result = await runOrkeon(['wait'], { commands: [waits], signal: controller.signal });
    expect(result.code).toBe(ExitCode.interrupted);
  });

  it('--settings, --set and -v reach the command', async () => {
    const settingsFile = join(folder.path, 'custom.json');
    await writeFile(settingsFile, JSON.stringify({ Llm: { Model: 'from-file', MaxRetries: 2 } }));
    let seen: unknown;
    const inspect: CliCommand = {
      name: 'inspect',
      summary: 'reads settings',
      configure: () => {},
      run: async (context) => {
        const configuration = await context.configuration();
        const logger = await context.logger();
        seen = {
          model: configuration.originOf('Llm:Model'),
          retries: configuration.originOf('Llm:MaxRetries'),
          level: logger.level,
          verbose: context.globals.verbose,
        };
        return ExitCode.ok;
      },
    };
    const result = await runOrkeon(['inspect', '-s', settingsFile, '--set', 'Llm:Model=x', '-vv'], {
      commands: [inspect],
    });
    expect(result.code).toBe(0);
    expect(seen).toEqual({
      model: 'command-line setting Llm:Model',
      retries: `${settingsFile}:1:42`,
      level: 'debug',
      verbose: 2,
    });
  });
});
