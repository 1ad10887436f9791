import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/** A mount that cannot be used: refused when the file system is built, before anything runs. */
export class MountError extends OrkeonError<CoreErrorCode> {
  constructor(message: string) {
    super('MOUNT_INVALID', message);
  }
}
