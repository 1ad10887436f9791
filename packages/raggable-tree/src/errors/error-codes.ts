/** Every error code of `@orkeon/raggable-tree`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const raggableTreeErrorCodes = {
  CODEBASE_ROOT_UNREADABLE:
    'The folder to index cannot be listed (no mount covers it, no read right, or it is a file): mount it (the CLI mounts the crew folder at `/crew`), or set `RaggableTree:Root` or the `path` of index_codebase to a readable virtual folder.',
  CODEBASE_GRAMMAR_UNAVAILABLE:
    'A Tree-sitter grammar could not be loaded from `@vscode/tree-sitter-wasm`: reinstall the package (`npm ci`); the message names the language and the file.',
  CODEBASE_PATH_INVALID:
    'A path given to the code index is not a clean absolute virtual path (relative, `..` above `/`, a backslash): write it like `/crew/src/app.ts`.',
  CODEBASE_FILE_UNREADABLE:
    'An indexed file could not be read any more (removed, or its mount changed): the next query re-indexes without it; search again.',
} as const;

export type RaggableTreeErrorCode = keyof typeof raggableTreeErrorCodes;
