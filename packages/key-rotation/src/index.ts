export { type AddSvcKeyRotationOptions, addSvcKeyRotation } from './add-svc-key-rotation.js';
export { classifyEntry, type EntryClass } from './entry-classification.js';
export { type KeyRotationErrorCode, keyRotationErrorCodes } from './errors/error-codes.js';
export { keyProviderFromSecret } from './key-provider-from-secret.js';
export { KeyProvisioningError, KeyRotationError } from './key-rotation-error.js';
export type {
  KeyRotationEntryError,
  KeyRotationOptions,
  KeyRotationProgress,
  KeyRotationResult,
} from './key-rotation-options.js';
export { type KeyRotationSettings, keyRotationSettings } from './key-rotation-settings.js';
export { KeyRotator, type KeyRotatorOptions, KeyRotatorService } from './key-rotator.js';
export { KeyTransitionEncryptionProvider } from './key-transition-encryption-provider.js';
export { type ProvisionedKey, provisionedKeySizeInBits, provisionNewKey } from './provision-new-key.js';
export {
  type RotationPhase,
  type RotationState,
  readRotationState,
  rotationPhases,
  rotationStateKey,
  stagingSuffix,
} from './rotation-state.js';
