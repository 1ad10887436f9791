export { type ToolsWebErrorCode, toolsWebErrorCodes } from './errors/error-codes.js';
