import { OrkeonError } from '@orkeon/core';
import type { ToolsWebErrorCode } from './error-codes.js';

/** An optional peer package a tool needs is not installed; the message names the package and the command. */
export class OptionalPackageMissingError extends OrkeonError<ToolsWebErrorCode> {
  constructor(
    code: 'WEB_GITHUB_PACKAGE_MISSING' | 'WEB_SLACK_PACKAGE_MISSING',
    packageName: string,
    tools: string,
    cause: unknown,
  ) {
    super(
      code,
      `${tools} needs the optional package '${packageName}', which is not installed: run \`npm install ${packageName}\`, or leave the tool's key unset so it is not built.`,
      { cause },
    );
  }
}

/** True when `error` says the module itself could not be found (not a failure inside it). */
export function isModuleMissing(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    String((error as { message?: unknown }).message).includes(packageName)
  );
}
