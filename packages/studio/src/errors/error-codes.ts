/** Every error code of `@orkeon/studio`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const studioErrorCodes = {
  STUDIO_UNSAFE_BINDING:
    'Studio was asked to listen beyond loopback without a token. Give it a token (`orkeon studio --token <secret>`, or `SVC_Svc__Studio__Token`), or keep the host on localhost.',
  STUDIO_PAGE_MISSING:
    'The prebuilt Studio page is not in the package (a source checkout that was not built). Run `npm run build` at the repository root, or install `@orkeon/studio` from the registry.',
  STUDIO_REQUEST_INVALID:
    'A Studio API request was refused: an unknown crew or run, a variable the crew does not use, or a body of the wrong shape. The message names what; the page never sends such requests, a script may.',
} as const;

export type StudioErrorCode = keyof typeof studioErrorCodes;
