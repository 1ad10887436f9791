import { OrkeonError, type OrkeonErrorOptions } from '@orkeon/core';
import type { KeyRotationErrorCode } from './errors/error-codes.js';

/**
 * A rotation that did not complete: `code` says which phase failed and so what state the
 * store is in (staging: rolled back, readable with the old key; swap: resumable with the same
 * providers); `affectedKeys` names the entries concerned.
 */
export class KeyRotationError extends OrkeonError<KeyRotationErrorCode> {
  /** The entries the failure concerns: the unreadable ones, or the batch being written. */
  readonly affectedKeys: readonly string[];

  constructor(
    code: KeyRotationErrorCode,
    message: string,
    affectedKeys: readonly string[] = [],
    options: OrkeonErrorOptions = {},
  ) {
    super(code, message, options);
    this.affectedKeys = affectedKeys;
  }
}

/** A key that was not provisioned: its secret exists, or the size is not one AES-256-GCM takes. */
export class KeyProvisioningError extends OrkeonError<KeyRotationErrorCode> {}
