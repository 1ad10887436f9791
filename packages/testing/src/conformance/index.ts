export { type AuditTrailFixture, describeAuditTrailConformance } from './audit-trail-conformance.js';
export type {
  ConformanceAsyncMatchers,
  ConformanceExpect,
  ConformanceMatchers,
  ConformanceTestApi,
} from './conformance-test-api.js';
export { type ConversationStoreFixture, describeConversationPersistence } from './conversation-persistence.js';
export { type DocumentStoreFixtureOptions, describeDocumentStoreConformance } from './document-store-conformance.js';
export {
  describeEventHubConformance,
  type EventHubFixture,
  type EventHubFixtureOptions,
} from './event-hub-conformance.js';
export {
  describeCrewExecutionStatePersistence,
  type ExecutionStateStoreFixture,
} from './execution-state-persistence.js';
export { describeMemoryProviderConformance } from './memory-provider-conformance.js';
export { at, completedTask, sessionState } from './session-fixtures.js';
export { describeStateStoreConformance } from './state-store-conformance.js';
