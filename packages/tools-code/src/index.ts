export { type ToolsCodeErrorCode, toolsCodeErrorCodes } from './errors/error-codes.js';
