export { type ToolsEmailErrorCode, toolsEmailErrorCodes } from './errors/error-codes.js';
