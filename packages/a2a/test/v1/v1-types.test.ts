import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type A2AV1DiscoveryOptions,
  type AgentCardKeyLookup,
  type AgentCardSignature,
  seedStatusOf,
  type signAgentCard,
  trustedCardKeys,
  type V1Part,
  type V1ProtocolError,
  type V1StreamResponse,
  type V1Task,
  type V1TaskState,
  v1StateOf,
  v1TaskSchema,
  v1TaskStates,
  verifyAgentCard,
} from '../../src/index.js';

describe('the v1.0 types users import', () => {
  it('type card signing and the trusted keys a discovery takes', () => {
    expectTypeOf(trustedCardKeys).returns.toEqualTypeOf<AgentCardKeyLookup>();
    expectTypeOf<A2AV1DiscoveryOptions['cardKeys']>().toEqualTypeOf<AgentCardKeyLookup | undefined>();
    expectTypeOf(verifyAgentCard).returns.toEqualTypeOf<Promise<string>>();
    expectTypeOf<Awaited<ReturnType<typeof signAgentCard<{ name: string }>>>>().toEqualTypeOf<
      { name: string } & { signatures: AgentCardSignature[] }
    >();
  });

  it('type a task, its states and the stream events as the protocol shows them', () => {
    expectTypeOf<V1Task['status']['state']>().toEqualTypeOf<V1TaskState>();
    expectTypeOf(v1TaskSchema.parse).returns.toEqualTypeOf<V1Task>();
    expectTypeOf<Extract<V1StreamResponse, { task: unknown }>['task']>().toEqualTypeOf<V1Task>();
    expectTypeOf<V1Part['text']>().toEqualTypeOf<string | undefined>();
    expectTypeOf(seedStatusOf).returns.toEqualTypeOf<'Pending' | 'Working' | 'Completed' | 'Failed' | 'Cancelled'>();
    expectTypeOf(v1StateOf).parameter(0).toEqualTypeOf<'Pending' | 'Working' | 'Completed' | 'Failed' | 'Cancelled'>();
    expectTypeOf<V1ProtocolError['kind']>().toEqualTypeOf<
      | 'TaskNotFound'
      | 'TaskNotCancelable'
      | 'PushNotificationNotSupported'
      | 'UnsupportedOperation'
      | 'ContentTypeNotSupported'
      | 'InvalidAgentResponse'
      | 'ExtendedAgentCardNotConfigured'
      | 'ExtensionSupportRequired'
      | 'VersionNotSupported'
      | 'ParseError'
      | 'InvalidRequest'
      | 'MethodNotFound'
      | 'InvalidParams'
      | 'Internal'
    >();
  });
});

describe("the nine v1.0 states onto the seed dialect's five", () => {
  it('maps each state, and back for the five', () => {
    expect(Object.fromEntries(v1TaskStates.map((state) => [state, seedStatusOf(state)]))).toEqual({
      TASK_STATE_SUBMITTED: 'Pending',
      TASK_STATE_WORKING: 'Working',
      TASK_STATE_INPUT_REQUIRED: 'Working',
      TASK_STATE_AUTH_REQUIRED: 'Working',
      TASK_STATE_COMPLETED: 'Completed',
      TASK_STATE_FAILED: 'Failed',
      TASK_STATE_REJECTED: 'Failed',
      TASK_STATE_CANCELED: 'Cancelled',
    });
    for (const status of ['Pending', 'Working', 'Completed', 'Failed', 'Cancelled'] as const)
      expect(seedStatusOf(v1StateOf(status))).toBe(status);
  });
});
