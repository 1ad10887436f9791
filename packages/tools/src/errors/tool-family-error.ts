import { OrkeonError, type OrkeonErrorOptions } from '@orkeon/core';
import type { ToolsErrorCode } from './error-codes.js';

/** A tool family that cannot be used: not known, its package not installed, or failing to load. */
export class ToolFamilyError extends OrkeonError<ToolsErrorCode> {
  constructor(code: ToolsErrorCode, message: string, options?: OrkeonErrorOptions) {
    super(code, message, options);
  }
}
