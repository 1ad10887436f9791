import { OrkeonError, type OrkeonErrorOptions } from '@orkeon/core';
import type { ToolsDatabaseErrorCode } from './error-codes.js';

/** A database tool that cannot be built: a missing driver package or an unusable connection setting. */
export class DatabaseToolError extends OrkeonError<ToolsDatabaseErrorCode> {}

/** The code's message for a driver package that is not installed, naming the package and the kind that needs it. */
export function packageMissingError(packageName: string, kind: string, cause: unknown): DatabaseToolError {
  const options: OrkeonErrorOptions = { cause, details: { package: packageName, kind } };
  return new DatabaseToolError(
    'DATABASE_PACKAGE_MISSING',
    `The ${kind} connections need the package '${packageName}', which is not installed: run 'npm install ${packageName}' beside @orkeon/tools-database, or remove the ${kind} connections from Svc:Tools:Database:Connections.`,
    options,
  );
}
