import type {
  Configuration,
  EncryptionProvider,
  MemoryProvider,
  SecretStore,
  ServiceCollection,
  ServiceToken,
} from '@orkeon/core';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AddSvcKeyRotationOptions,
  addSvcKeyRotation,
  type KeyRotationError,
  type KeyRotationErrorCode,
  type KeyRotationOptions,
  type KeyRotationResult,
  type KeyRotationSettings,
  type KeyRotator,
  KeyRotatorService,
  type KeyTransitionEncryptionProvider,
  type ProvisionedKey,
  provisionNewKey,
  type RotationState,
} from '../src/index.js';

describe('the public API of @orkeon/key-rotation', () => {
  it('types the rotator as the reference brief shapes it', () => {
    expectTypeOf<KeyRotator['rotate']>().parameter(0).toEqualTypeOf<MemoryProvider>();
    expectTypeOf<KeyRotator['rotate']>().parameter(1).toEqualTypeOf<EncryptionProvider>();
    expectTypeOf<KeyRotator['rotate']>().parameter(2).toEqualTypeOf<EncryptionProvider>();
    expectTypeOf<KeyRotator['rotate']>().parameter(3).toEqualTypeOf<KeyRotationOptions | undefined>();
    expectTypeOf<KeyRotator['rotate']>().returns.toEqualTypeOf<Promise<KeyRotationResult>>();
    expectTypeOf<KeyRotator['provisionNewKey']>().parameter(0).toEqualTypeOf<SecretStore>();
    expectTypeOf<KeyRotator['provisionNewKey']>().parameter(1).toEqualTypeOf<string>();
    expectTypeOf<KeyRotator['provisionNewKey']>().parameter(2).toEqualTypeOf<number | undefined>();
    expectTypeOf(provisionNewKey).returns.toEqualTypeOf<Promise<ProvisionedKey>>();
    expectTypeOf<KeyRotationOptions>().toEqualTypeOf<{
      readonly batchSize?: number;
      readonly newKeyVersion?: string;
      readonly continueOnUnreadableEntries?: boolean;
      readonly onProgress?: (progress: {
        readonly phase: 'staging' | 'committing';
        readonly entriesRead: number;
        readonly entriesRotated: number;
      }) => void;
    }>();
    expectTypeOf<KeyRotationResult>().toMatchTypeOf<{
      totalEntries: number;
      rotatedEntries: number;
      alreadyRotatedEntries: number;
      unreadableEntries: number;
      newKeyVersion: string;
      durationMilliseconds: number;
      errors: readonly { key: string; message: string }[];
    }>();
    expectTypeOf<RotationState['phase']>().toEqualTypeOf<'staging' | 'committing' | 'completed' | 'rolled_back'>();
    expectTypeOf<KeyRotationError['affectedKeys']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<KeyRotationError['code']>().toEqualTypeOf<KeyRotationErrorCode>();
    expectTypeOf(KeyRotatorService).toEqualTypeOf<ServiceToken<KeyRotator>>();
    expectTypeOf<KeyTransitionEncryptionProvider>().toExtend<EncryptionProvider>();
  });

  it('types the registration as the other addSvc functions', () => {
    expectTypeOf(addSvcKeyRotation).parameter(0).toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addSvcKeyRotation).parameter(1).toEqualTypeOf<Configuration>();
    expectTypeOf(addSvcKeyRotation).parameter(2).toEqualTypeOf<AddSvcKeyRotationOptions | undefined>();
    expectTypeOf(addSvcKeyRotation).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf<KeyRotationSettings>().toEqualTypeOf<{
      Enabled: boolean;
      PreviousSecretName?: string | undefined;
      BatchSize: number;
      ContinueOnUnreadableEntries: boolean;
    }>();
  });
});
