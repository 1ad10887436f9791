export { codeFamily } from './code-family.js';
export {
  type CodeInterpreterInput,
  codeInterpreterInput,
} from './code-interpreter/code-interpreter-input.js';
export {
  type CodeInterpreterToolOptions,
  codeInterpreterToolName,
  createCodeInterpreterTool,
} from './code-interpreter/code-interpreter-tool.js';
export {
  bindCodeSettings,
  type CodeSettings,
  type CodeSettingsInput,
  codeSettings,
} from './code-interpreter/code-settings.js';
export { CodeSandboxError } from './errors/code-sandbox-error.js';
export { type ToolsCodeErrorCode, toolsCodeErrorCodes } from './errors/error-codes.js';
export { CodeSandbox, type CodeSandboxOptions, type CodeSandboxRun } from './sandbox/code-sandbox.js';
export { quickJsVariant } from './sandbox/quickjs-variant.js';
export type {
  ConsoleCapture,
  ConsoleLevel,
  ConsoleLine,
  SandboxError,
  SandboxLimit,
  SandboxMode,
  SandboxOutcome,
  SandboxRunFacts,
  SandboxValue,
} from './sandbox/sandbox-outcome.js';
