import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import { permissionModes } from './permission-mode.js';

/** A permission mode that is not one of `permissionModes`, given to the gate in code. */
export class UnknownPermissionModeError extends OrkeonError<CoreErrorCode> {
  constructor(mode: unknown) {
    super('PERMISSION_MODE_UNKNOWN', unknownPermissionModeMessage(mode), { details: { mode: String(mode) } });
  }
}

export function unknownPermissionModeMessage(mode: unknown): string {
  return `Unknown permission mode '${String(mode).slice(0, 40)}'. Use one of: ${permissionModes.join(', ')} (the names are case-sensitive).`;
}
