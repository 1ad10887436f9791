export { docsCodeBlocks, docsPrograms } from './docs-code-blocks.js';
export { expectedOutput } from './expected-output.js';
export { type RunDocsProgramOptions, runDocsProgram } from './run-docs-program.js';
export { type ProgramRun, type RunTypeScriptFileOptions, runTypeScriptFile } from './run-type-script-file.js';
