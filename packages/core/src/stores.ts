// `@orkeon/core/stores`: for authors of StateStore and DocumentStore adapters (the SQLite and PostgreSQL
// packages use it). The checks every adapter must make the same way, the ordering rules, and the migration
// helpers for rows written before documents had collections. Users of the framework need none of it.

export { assertPruneDate, auditQueryLimit, auditRecordFields } from './audit/audit-query-checks.js';
export { historyLimit, newestSessionFirst } from './checkpoint/session-order.js';
export { summarizeSession } from './checkpoint/session-state.js';
export {
  assertValidSessionId,
  assertValidSessionState,
  sessionIdPattern,
  timestampMilliseconds,
} from './checkpoint/state-validation.js';
export {
  assertValidDocumentCollection,
  assertValidDocumentKey,
  assertValidExpectedVersion,
  checkExpectedVersion,
  compareDocumentKeys,
  documentCollectionPattern,
  documentJson,
  listOptions as checkListDocumentsOptions,
  maximumDocumentKeyLength,
  maximumDocumentListLimit,
} from './documents/document-validation.js';
export {
  a2aTaskDocumentCollection,
  crewExecutionDocumentCollection,
  type LegacyDocument,
  legacyDocumentOf,
  legacyDocumentSessionPrefixes,
} from './documents/legacy-session-documents.js';
export { executionStateCollection } from './execution-state/execution-state-record.js';
