import { OrkeonError, type OrkeonErrorOptions } from '@orkeon/core';
import type { ToolsDataErrorCode } from './error-codes.js';

/**
 * An expected refusal inside a data tool: thrown by the helpers, turned into the
 * tool's result at the tool's edge (`DENIED: …` when `denied`, else `Error: …`), so it
 * never reaches the pipeline as a crash.
 */
export class DataToolError extends OrkeonError<ToolsDataErrorCode> {
  /** True when the boundary refused (a path outside the mounts, no right), not the data. */
  readonly denied: boolean;

  constructor(code: ToolsDataErrorCode, message: string, options: OrkeonErrorOptions & { denied?: boolean } = {}) {
    super(code, message, options);
    this.denied = options.denied ?? false;
  }
}

/** A parser library could not be imported; thrown by `createTools` or a tool's first call. */
export class DataLibraryMissingError extends OrkeonError<ToolsDataErrorCode> {
  readonly packageName: string;

  constructor(packageName: string, options: OrkeonErrorOptions = {}) {
    super(
      'DATA_LIBRARY_MISSING',
      `The data tools need the package '${packageName}', which could not be loaded: run 'npm install ${packageName}' (it is a dependency of @orkeon/tools-data).`,
      options,
    );
    this.packageName = packageName;
  }
}
