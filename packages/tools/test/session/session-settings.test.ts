import {
  Configuration,
  ConfigurationError,
  coreSettingsSections,
  type Tool,
  type ToolContext,
  type ToolFamily,
  type ToolRunView,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  bindSessionSettings,
  createSessionStoreTool,
  type SessionSettings,
  type SessionStoreInput,
  sessionFamily,
  sessionSettings,
} from '../../src/index.js';
import { fixedRunView, pipelineIn } from './session-test-setup.js';

describe('Svc:Tools:Session', () => {
  it('has a default for every key', () => {
    expect(bindSessionSettings()).toEqual({
      MaxStoreEntries: 100,
      MaxStoreValueCharacters: 10_000,
      MaxStoreTotalCharacters: 200_000,
      MaxSnips: 50,
      MaxSnipCharacters: 20_000,
    });
    for (const key of Object.keys(sessionSettings.schema.shape))
      expect(sessionSettings.jsonSchema.properties?.[key]?.description, key).toBeTruthy();
  });

  it('refuses a bad value in code or in the settings, naming the key', () => {
    expect(() => createSessionStoreTool({ MaxStoreEntries: 0 })).toThrow(ConfigurationError);
    expect(() => bindSessionSettings({ MaxSnips: 1.5 })).toThrow(/Svc:Tools:Session:MaxSnips/);
    expect(() =>
      Configuration.fromObject({ Svc: { Tools: { Session: { MaxStoreEntrys: 3 } } } }, [
        ...coreSettingsSections,
        sessionSettings,
      ]),
    ).toThrow(/Svc:Tools:Session:MaxStoreEntrys/);
  });

  it('reach the tools the family builds', async () => {
    const configuration = Configuration.fromObject({ Svc: { Tools: { Session: { MaxStoreEntries: 1 } } } }, [
      ...coreSettingsSections,
      sessionSettings,
    ]);
    const tools = await sessionFamily.createTools({ configuration, logger: captureLogger().logger });
    const run = fixedRunView();
    const invoke = await pipelineIn(tools, () => run);
    await invoke('session_store', { action: 'set', key: 'a', value: '1' });
    expect((await invoke('session_store', { action: 'set', key: 'b', value: '2' })).output).toContain(
      'The store is full: 1 keys (Svc:Tools:Session:MaxStoreEntries)',
    );
  });

  it('types what users import', () => {
    expectTypeOf<ToolContext['run']>().toEqualTypeOf<ToolRunView | undefined>();
    expectTypeOf<ReturnType<ToolRunView['usage']>['models'][number]['costUsd']>().toEqualTypeOf<number | undefined>();
    expectTypeOf(createSessionStoreTool).returns.toEqualTypeOf<Tool<SessionStoreInput>>();
    expectTypeOf<SessionStoreInput['action']>().toEqualTypeOf<'set' | 'get' | 'list' | 'delete'>();
    expectTypeOf<SessionSettings['MaxSnips']>().toEqualTypeOf<number>();
    expectTypeOf(sessionFamily).toEqualTypeOf<ToolFamily>();
  });
});
