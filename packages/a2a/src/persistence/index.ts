export { a2aTaskKeyPrefix, a2aTaskSessionId } from './a2a-task-session.js';
export { type A2ATaskStore, A2ATaskStoreService } from './a2a-task-store.js';
export { addSvcA2ATaskPersistence } from './add-svc-a2a-task-persistence.js';
export { UnreadableA2ATaskRecordError } from './persistence-errors.js';
export { StateStoreA2ATaskStore } from './state-store-a2a-task-store.js';
