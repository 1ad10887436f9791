export { type CapturedLogs, captureLogger } from './capture-logger.js';
export { createTemporaryDirectory, type TemporaryDirectory } from './temporary-directory.js';
