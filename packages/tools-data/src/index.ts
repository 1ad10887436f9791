export { type ToolsDataErrorCode, toolsDataErrorCodes } from './errors/error-codes.js';
