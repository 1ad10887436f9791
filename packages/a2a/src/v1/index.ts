export { cardSecurity, type V1CardSecurity, v1AgentCard, v1Paths, v1ProtocolVersion } from './server/agent-card-v1.js';
export type { V1SpecificationRevision } from './server/http-json-binding.js';
export type { V1ListTasksResponse } from './server/list-tasks.js';
export { type A2AV1RoutesOptions, a2aV1Routes } from './server/v1-routes.js';
export { type V1TaskRecord, V1TaskStore, V1TaskStoreService, v1TaskCollection } from './server/v1-task-store.js';
export { textOfParts, type V1Message, type V1Part, v1MessageSchema, v1PartSchema } from './wire/message.js';
export { a2aErrorDomain, type V1ErrorKind, V1ProtocolError, v1ErrorKinds } from './wire/protocol-error.js';
export {
  type V1GetTaskRequest,
  type V1ListTasksRequest,
  type V1SendMessageRequest,
  type V1TaskIdRequest,
  v1GetTaskRequestSchema,
  v1ListTasksPageSize,
  v1ListTasksRequestSchema,
  v1SendMessageRequestSchema,
  v1TaskIdRequestSchema,
} from './wire/requests.js';
export {
  type V1Artifact,
  type V1SendMessageResponse,
  type V1StreamResponse,
  type V1Task,
  type V1TaskArtifactUpdateEvent,
  type V1TaskStatus,
  type V1TaskStatusUpdateEvent,
  v1ArtifactSchema,
  v1TaskSchema,
  v1TaskStatusSchema,
} from './wire/task.js';
export {
  isInterruptedV1State,
  isTerminalV1State,
  seedStatusOf,
  type V1TaskState,
  v1StateOf,
  v1TaskStateSchema,
  v1TaskStates,
} from './wire/task-state.js';
