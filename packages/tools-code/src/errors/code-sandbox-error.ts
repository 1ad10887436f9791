import { OrkeonError, type OrkeonErrorOptions } from '@orkeon/core';
import type { ToolsCodeErrorCode } from './error-codes.js';

/** A `CodeSandbox` misused by the program that holds it (a bad option, a run after `close()`). */
export class CodeSandboxError extends OrkeonError<ToolsCodeErrorCode> {
  constructor(code: ToolsCodeErrorCode, message: string, options?: OrkeonErrorOptions) {
    super(code, message, options);
  }
}
