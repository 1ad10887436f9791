export { type ToolsDatabaseErrorCode, toolsDatabaseErrorCodes } from './errors/error-codes.js';
