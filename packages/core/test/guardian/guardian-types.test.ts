import { describe, expectTypeOf, it } from 'vitest';
import {
  type Guardian,
  type GuardianDecision,
  type GuardianPhase,
  type InjectionClass,
  type InjectionScan,
  type InjectionSeverity,
  type PromptPolicy,
  type ScreenedSource,
  scanForInjection,
  screenToolCall,
  type Tool,
  type ToolCallRefusal,
  type ToolOutcome,
  type ToolResultPolicy,
} from '../../src/index.js';

describe('the Guardian types', () => {
  it('are what users import', () => {
    expectTypeOf<PromptPolicy>().toEqualTypeOf<'Block' | 'Warn' | 'Off'>();
    expectTypeOf<ToolResultPolicy>().toEqualTypeOf<'Warn' | 'Block' | 'Off'>();
    expectTypeOf<GuardianPhase>().toEqualTypeOf<'Input' | 'ToolExecution' | 'ToolResult' | 'Delegation'>();
    expectTypeOf<InjectionSeverity>().toEqualTypeOf<'Low' | 'Medium' | 'High' | 'Critical'>();
    expectTypeOf<ToolOutcome>().toEqualTypeOf<'Success' | 'Failure' | 'Denied' | 'Blocked'>();
    expectTypeOf(scanForInjection).parameter(1).toEqualTypeOf<ScreenedSource | undefined>();
    expectTypeOf<ScreenedSource>().toEqualTypeOf<'prompt' | 'toolResult'>();
    expectTypeOf(scanForInjection).returns.toEqualTypeOf<InjectionScan>();
    expectTypeOf<InjectionScan['findings'][number]['class']>().toEqualTypeOf<InjectionClass>();
    expectTypeOf(screenToolCall).returns.toEqualTypeOf<ToolCallRefusal | undefined>();
    expectTypeOf<GuardianDecision['action']>().toEqualTypeOf<'blocked' | 'warned'>();
    expectTypeOf<Guardian['screenToolResult']>().returns.toEqualTypeOf<string>();
    expectTypeOf<Tool>().toHaveProperty('networkGuard');
  });
});
