export * from './agent-card.js';
export * from './error-body.js';
export * from './sse.js';
export * from './task-record.js';
export * from './task-request.js';
export * from './task-result.js';
export * from './task-status.js';
