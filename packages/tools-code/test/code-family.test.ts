import { createRequire } from 'node:module';
import {
  Configuration,
  ConfigurationError,
  coreSettingsSections,
  createRuntime,
  type SettingsTree,
  type Tool,
  type ToolFamily,
  toolFamilyOf,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  bindCodeSettings,
  type CodeInterpreterInput,
  CodeSandbox,
  CodeSandboxError,
  type CodeSettings,
  type CodeSettingsInput,
  codeFamily,
  codeInterpreterToolName,
  codeSettings,
  createCodeInterpreterTool,
  quickJsVariant,
  type SandboxOutcome,
  toolsCodeErrorCodes,
} from '../src/index.js';

const configurationOf = (tree: SettingsTree) =>
  Configuration.fromObject(tree, [...coreSettingsSections, ...codeFamily.settingsSections]);

describe('the code family', () => {
  it('lists code_interpreter as an Execute tool in its catalogue, and reads Svc:Tools:Code', () => {
    expect(codeFamily.name).toBe('code');
    expect(codeFamily.catalogue).toEqual([
      {
        name: 'code_interpreter',
        access: 'Execute',
        summary:
          'Runs JavaScript or TypeScript (types erased) in a QuickJS WebAssembly sandbox; returns console output and the result as JSON.',
        tested: expect.stringMatching(/^the real QuickJS engine on worker threads/),
      },
    ]);
    expect(codeFamily.catalogue[0]?.needs).toBeUndefined();
    expect(codeFamily.settingsSections.map((section) => section.path)).toEqual(['Svc:Tools:Code']);
  });

  it('builds the tool from the settings, marked as a member of the family', async () => {
    const configuration = configurationOf({ Svc: { Tools: { Code: { TimeoutMilliseconds: 1_234 } } } });
    const tools = await codeFamily.createTools({ configuration, logger: captureLogger().logger });
    expect(tools.map((tool) => [tool.name, tool.access, toolFamilyOf(tool)])).toEqual([
      ['code_interpreter', 'Execute', 'code'],
    ]);
    expect(tools[0]?.description).toContain('Limits: 1,234 ms, 64 MiB of memory, 20,000 characters of output.');
    expect(tools[0]?.timeoutMilliseconds).toBe(1_234 + 15_000);
  });

  it('builds nothing when Enabled is false', async () => {
    const configuration = configurationOf({ Svc: { Tools: { Code: { Enabled: false } } } });
    expect(await codeFamily.createTools({ configuration, logger: captureLogger().logger })).toEqual([]);
  });

  it('refuses bad settings at start, naming the key', () => {
    expect(() => configurationOf({ Svc: { Tools: { Code: { MaxStackBytes: 8 * 1024 * 1024 } } } })).toThrow(
      /Svc:Tools:Code:MaxStackBytes/,
    );
    expect(() => configurationOf({ Svc: { Tools: { Code: { Timeout: 5 } } } })).toThrow(/Svc:Tools:Code:Timeout/);
    expect(() => createCodeInterpreterTool({ MemoryLimitBytes: 10 })).toThrow(ConfigurationError);
    expect(() => createCodeInterpreterTool({ MemoryLimitBytes: 10 })).toThrow(
      "Setting 'Svc:Tools:Code:MemoryLimitBytes' is not allowed",
    );
  });

  it('runs code through the runtime pipeline, and the permission gate sees an Execute tool', async () => {
    const configuration = configurationOf({});
    const tools = await codeFamily.createTools({ configuration, logger: captureLogger().logger });
    await using runtime = await createRuntime({
      configuration,
      tools,
      permissionMode: 'bypassPermissions',
      logger: captureLogger().logger,
    });
    const result = await runtime.pipeline.invoke({
      tool: 'code_interpreter',
      input: JSON.stringify({ language: 'typescript', code: 'const n: number = input.n;\nn * 2', input: { n: 21 } }),
      caller: { kind: 'agent', agent: 'Analyst' },
    });
    expect(result).toMatchObject({ outcome: 'Success', output: 'Result (JSON):\n42' });
    const denied = await runtime.pipeline.invoke({
      tool: 'code_interpreter',
      input: { code: '1' },
      caller: { kind: 'agent', agent: 'Analyst' },
      permissionMode: 'plan',
    });
    expect(denied.outcome).toBe('Denied');
    const invalid = await runtime.pipeline.invoke({
      tool: 'code_interpreter',
      input: '{"code": 5}',
      caller: { kind: 'agent', agent: 'Analyst' },
    });
    expect(invalid.outcome).toBe('Failure');
  });

  it('stops the code when the pipeline gives up on the call, freeing the sandbox for the next one', async () => {
    const tool = createCodeInterpreterTool({ TimeoutMilliseconds: 60_000, MaxConcurrentRuns: 1 });
    const quick: Tool = { ...tool, timeoutMilliseconds: 1_500 };
    await using runtime = await createRuntime({ tools: [quick], logger: captureLogger().logger });
    const call = (code: string) =>
      runtime.pipeline.invoke({ tool: 'code_interpreter', input: { code }, caller: { kind: 'host' } });
    expect((await call('"warm"')).output).toBe('Result (JSON):\n"warm"');
    const stopped = await call('while (true) {}');
    expect(stopped.output).toBe("Error: Tool 'code_interpreter' timed out after 1500 ms.");
    // One worker only: had the loop run on to its own 60 s limit, this call would wait for it.
    const started = performance.now();
    expect((await call('"free"')).output).toBe('Result (JSON):\n"free"');
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});

describe('what users import', () => {
  it('has the types users write against', () => {
    expectTypeOf(codeFamily).toEqualTypeOf<ToolFamily>();
    expectTypeOf(createCodeInterpreterTool).returns.toEqualTypeOf<Tool<CodeInterpreterInput>>();
    expectTypeOf<CodeInterpreterInput>().toEqualTypeOf<{
      language: 'javascript' | 'typescript';
      code: string;
      input?: unknown;
    }>();
    expectTypeOf<CodeSettings['TimeoutMilliseconds']>().toEqualTypeOf<number>();
    expectTypeOf<CodeSettingsInput['MaxStackBytes']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<SandboxOutcome['status']>().toEqualTypeOf<
      'completed' | 'threw' | 'limit' | 'cancelled' | 'unsettled' | 'crashed'
    >();
    expectTypeOf(bindCodeSettings).parameter(0).toEqualTypeOf<CodeSettingsInput | undefined>();
    expect(codeInterpreterToolName).toBe('code_interpreter');
    expect(codeSettings.path).toBe('Svc:Tools:Code');
  });

  it('applies the documented defaults', () => {
    expect(bindCodeSettings()).toEqual({
      Enabled: true,
      TimeoutMilliseconds: 5_000,
      MemoryLimitBytes: 64 * 1024 * 1024,
      MaxStackBytes: 256 * 1024,
      MaxOutputCharacters: 20_000,
      MaxCodeCharacters: 200_000,
      MaxInputCharacters: 1_000_000,
      MaxConcurrentRuns: 2,
    });
  });

  it('runs the pinned QuickJS build', () => {
    const require = createRequire(import.meta.url);
    const installed = require('quickjs-emscripten/package.json') as { version: string };
    expect(installed.version).toBe(quickJsVariant.version);
    expect(quickJsVariant).toMatchObject({ package: 'quickjs-emscripten', variant: 'RELEASE_SYNC' });
  });
});

describe('CodeSandbox misuse', () => {
  it('refuses bad options and a run after close, with a registered code', async () => {
    expect(() => new CodeSandbox({ maxStackBytes: 16 * 1024 * 1024 })).toThrow(
      /^CodeSandbox option 'maxStackBytes' is not allowed/,
    );
    const sandbox = new CodeSandbox();
    await sandbox.close();
    const refused = await sandbox.run({ code: '1' }).catch((error: unknown) => error);
    expect(CodeSandboxError.isInstance(refused)).toBe(true);
    expect((refused as CodeSandboxError).code).toBe('CODE_SANDBOX_CLOSED');
    expect(Object.keys(toolsCodeErrorCodes)).toEqual(['CODE_SANDBOX_OPTION_INVALID', 'CODE_SANDBOX_CLOSED']);
  });

  it('refuses a file name that could read as a path, and input with no JSON form', async () => {
    await using sandbox = new CodeSandbox();
    await expect(sandbox.run({ code: '1', filename: '../main.js' })).rejects.toThrow(/Run filename/);
    await expect(sandbox.run({ code: '1', input: () => 1 })).rejects.toThrow(/has no JSON form/);
  });
});
