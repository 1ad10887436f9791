import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type CoreErrorCode,
  type CrewRunError,
  coreErrorCodes,
  InvalidSessionIdError,
  LlmError,
  MountError,
  OrkeonError,
} from '../../src/index.js';

// The `@ts-expect-error` lines are the test: `npm run typecheck` fails if an unregistered code compiles.
class ProbeError extends OrkeonError<CoreErrorCode> {
  constructor(code: CoreErrorCode) {
    super(code, 'probe');
  }

  static unregistered(): ProbeError {
    // @ts-expect-error 'MOUNT_MISSING' is not in coreErrorCodes.
    return new ProbeError('MOUNT_MISSING');
  }
}

class ProbeSuperError extends OrkeonError<CoreErrorCode> {
  constructor() {
    // @ts-expect-error 'NOT_REGISTERED' is not in coreErrorCodes.
    super('NOT_REGISTERED', 'probe');
  }
}

describe('error-code registry of @orkeon/core', () => {
  it('types the code of each core error as the registry union', () => {
    expectTypeOf(new MountError('bad mount').code).toEqualTypeOf<CoreErrorCode>();
    expectTypeOf(new InvalidSessionIdError('').code).toEqualTypeOf<CoreErrorCode>();
    expectTypeOf<LlmError['code']>().toEqualTypeOf<CoreErrorCode>();
    // @ts-expect-error a literal does not widen a class's code union by itself (NoInfer): LlmError stays CoreErrorCode.
    expect(new LlmError('LLM_TYPO', 'x').code).toBe('LLM_TYPO');
    // Relays the code of whatever stopped the run, from any package.
    expectTypeOf<CrewRunError['code']>().toEqualTypeOf<string>();
    // @ts-expect-error a direct OrkeonError typed with the union refuses an unregistered code.
    const direct = new OrkeonError<CoreErrorCode>('RUNTIME_GONE', 'x');
    // The check is at compile time only: the value is kept as given.
    expect(direct.code).toBe('RUNTIME_GONE');
  });

  it('the codes the classes carry at run time are registered', () => {
    expect(coreErrorCodes).toHaveProperty(new MountError('bad mount').code);
    expect(coreErrorCodes).toHaveProperty(new InvalidSessionIdError('').code);
    expect(new InvalidSessionIdError('').code).toBe('CHECKPOINT_SESSION_ID_INVALID');
  });

  it('keeps isInstance working for classes typed with the union', () => {
    const probe = new ProbeError('TOOL_UNKNOWN');
    expect(OrkeonError.isInstance(probe)).toBe(true);
    expect(ProbeError.isInstance(probe)).toBe(true);
    expect(MountError.isInstance(probe)).toBe(false);
    expect(ProbeSuperError.isInstance(ProbeError.unregistered())).toBe(false);
    expect(new ProbeSuperError().code).toBe('NOT_REGISTERED');
  });
});
