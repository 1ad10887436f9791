export { type A2ATaskDocument, a2aTaskCollection, a2aTaskDocumentKey } from './a2a-task-document.js';
export { type A2ATaskStore, A2ATaskStoreService } from './a2a-task-store.js';
export { addSvcA2ATaskPersistence } from './add-svc-a2a-task-persistence.js';
export { DocumentStoreA2ATaskStore } from './document-store-a2a-task-store.js';
export { A2APersistenceRequiresDocumentStoreError, UnreadableA2ATaskRecordError } from './persistence-errors.js';
