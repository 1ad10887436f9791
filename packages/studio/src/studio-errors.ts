import { OrkeonError } from '@orkeon/core';
import type { StudioErrorCode } from './errors/error-codes.js';

/** Studio would listen beyond loopback with no token: anyone on the network could start runs. */
export class StudioUnsafeBindingError extends OrkeonError<StudioErrorCode> {
  constructor(host: string) {
    super(
      'STUDIO_UNSAFE_BINDING',
      `Studio will not listen on '${host}' without a token: anyone who reaches it could start runs and read their answers. Give a token (orkeon studio --token <secret>, or SVC_Svc__Studio__Token), or listen on localhost.`,
    );
  }
}

/** The built page is not where the package keeps it. */
export class StudioPageMissingError extends OrkeonError<StudioErrorCode> {
  constructor(directory: string) {
    super(
      'STUDIO_PAGE_MISSING',
      `The Studio page is not built: ${directory} has no index.html. Run 'npm run build' at the repository root (a source checkout), or reinstall @orkeon/studio.`,
    );
  }
}

/** An API request Studio cannot carry out; the message names the crew, run, ask or field. */
export class StudioRequestInvalidError extends OrkeonError<StudioErrorCode> {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super('STUDIO_REQUEST_INVALID', message);
  }
}
