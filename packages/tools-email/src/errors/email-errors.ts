import { OrkeonError } from '@orkeon/core';
import type { ToolsEmailErrorCode } from './error-codes.js';

/** A library the e-mail tools load on use (imapflow, nodemailer, mailparser) failed to load. */
export class EmailLibraryMissingError extends OrkeonError<ToolsEmailErrorCode> {
  constructor(library: string, cause: unknown) {
    super(
      'EMAIL_LIBRARY_MISSING',
      `The e-mail tools need the package '${library}', which cannot be loaded: run \`npm install @orkeon/tools-email\` (it brings ${library}) and start again.`,
      { cause },
    );
  }
}
