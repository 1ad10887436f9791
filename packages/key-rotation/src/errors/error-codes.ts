/**
 * Every error code of `@orkeon/key-rotation`, each with what happened and what to do;
 * `docs/errors.md` is generated from this object. Word order is AREA_OBJECT_PROBLEM.
 */
export const keyRotationErrorCodes = {
  KEY_ROTATION_STORE_UNSUPPORTED:
    'The store cannot list its entries (only the in-memory, SQLite and PostgreSQL memory stores can), or it is the encrypting decorator itself: rotate the raw store under `EncryptedMemoryProvider`.',
  KEY_ROTATION_OPTIONS_INVALID:
    'A rotation option is out of range (`batchSize` not a whole number from 1 to 10,000, a key version with other characters than letters, digits, `.`, `_` and `-`): give an allowed value.',
  KEY_ROTATION_STATE_INVALID:
    'The state marker `__orkeon.key-rotation.state` is not a rotation state: something else wrote that key. Move that entry away, then rotate again.',
  KEY_ROTATION_RESUME_MISMATCH:
    'A rotation is half-way through its swap phase to another key (the marker names its key version, or a staged copy does not open with the new key): call rotate again with the same old and new providers it was started with.',
  KEY_ROTATION_STAGING_FAILED:
    'Staging failed (the store refused a write or was unreachable): the staged copies were removed and every entry is still readable with the old key. Fix the cause (`affectedKeys` and the cause name it) and rotate again.',
  KEY_ROTATION_ENTRIES_UNREADABLE:
    'Entries open with neither the old nor the new key (`affectedKeys`): the rotation rolled back, so the store is as it was. Find the key they were written with, delete them, or rotate with `continueOnUnreadableEntries` to leave them as they are.',
  KEY_ROTATION_SWAP_FAILED:
    'The swap phase stopped part-way (the store refused a write or was unreachable): no entry is lost. Fix the cause, then call rotate again with the same providers; it resumes where it stopped.',
  KEY_ROTATION_KEY_INVALID:
    'A key the rotation needs (the retired one, `Svc:KeyRotation:PreviousSecretName`, or the new one) is missing from the secret store or is not 32 bytes in base64: the message names the secret and where it was looked for.',
  KEY_PROVISIONING_SECRET_EXISTS:
    'A secret of that name exists: a new key never replaces one, since what the old key sealed would no longer open. Provision the new key under another name (e.g. `orkeon-encryption-key-2`).',
  KEY_PROVISIONING_SIZE_INVALID: 'A key size other than 256 bits was asked for: AES-256-GCM keys are 256 bits.',
} as const;

export type KeyRotationErrorCode = keyof typeof keyRotationErrorCodes;
