// The gRPC binding's server (`A2AGrpcServer`) is exported as a type only: `A2AServer` loads it when `A2A:GrpcPort` is set.

export {
  type AgentCardKeyLookup,
  type AgentCardSignature,
  AgentCardSignatureError,
  type AgentCardSigningKey,
  canonicalCardPayload,
  signAgentCard,
  trustedCardKeys,
  verifyAgentCard,
} from './cards/card-signatures.js';
export {
  A2ACardSigningKeyError,
  A2ACardSigningKeyService,
  loadCardSigningKey,
  loadTrustedCardKeys,
} from './cards/card-signing-key.js';
export { cardForVersion, isV03Version, v03AgentCardOf } from './compat-v03/v03-agent-card.js';
export {
  type V03Message,
  type V03Part,
  v1MessageOfV03,
  v1PartOfV03,
  v03MessageOf,
  v03MessageSchema,
  v03PartOf,
  v03PartSchema,
  v03WrappedDataFlag,
} from './compat-v03/v03-message.js';
export {
  type V03PushConfig,
  type V03TaskPushConfig,
  v03PushConfigSchema,
  v03TaskPushConfigSchema,
} from './compat-v03/v03-push-config.js';
export {
  type V03Artifact,
  type V03Event,
  type V03Task,
  type V03TaskStatus,
  v1EventOfV03,
  v1TaskOfV03,
  v03ArtifactSchema,
  v03EventOf,
  v03EventSchema,
  v03TaskOf,
  v03TaskSchema,
  v03TaskStatusSchema,
} from './compat-v03/v03-task.js';
export {
  type V03TaskState,
  v1StateOfV03,
  v03StateOf,
  v03TaskStateSchema,
  v03TaskStates,
} from './compat-v03/v03-task-state.js';
export type { A2AGrpcServer, A2AGrpcServerOptions } from './grpc/a2a-grpc-server.js';
export { type A2AGrpcAddress, grpcAgentInterface } from './grpc/grpc-agent-interface.js';
export {
  type A2AGrpcAdmission,
  type A2AGrpcCaller,
  type A2AGrpcCallSecurity,
  A2AGrpcCallSecurityService,
  type A2AGrpcRefusal,
  createGrpcCallSecurity,
} from './grpc/grpc-call-security.js';
export {
  A2AGrpcListenError,
  A2AGrpcPackagesMissingError,
  A2AGrpcSecurityMissingError,
} from './grpc/grpc-server-errors.js';
export {
  isPushKeyPart,
  type V1CreatePushConfigRequest,
  type V1ListPushConfigsRequest,
  type V1ListPushConfigsResponse,
  type V1PushConfigIdRequest,
  type V1TaskPushNotificationConfig,
  v1AuthenticationInfoSchema,
  v1CreatePushConfigRequestSchema,
  v1ListPushConfigsPageSize,
  v1ListPushConfigsRequestSchema,
  v1PushConfigIdRequestSchema,
  v1SendPushConfigSchema,
  v1TaskPushNotificationConfigSchema,
} from './push/push-config.js';
export { V1PushConfigStore, V1PushConfigStoreService, v1PushConfigCollection } from './push/push-config-store.js';
export type { PushRetryPolicy, PushStores } from './push/push-deliverer.js';
export {
  pushDeliveryKey,
  type V1PushDelivery,
  V1PushDeliveryStore,
  V1PushDeliveryStoreService,
  v1PushDeliveryCollection,
} from './push/push-delivery-store.js';
export { PushAddressRefusedError, pushAllowedHostsSetting, UnreadablePushRecordError } from './push/push-errors.js';
export { pushNotificationsOf } from './push/served-push.js';
export {
  V1PushNotifications,
  type V1PushNotificationsOptions,
  type V1PushNotificationsParts,
} from './push/v1-push-notifications.js';
export { blockedAddressRule } from './push/webhook-address-rules.js';
export { notificationTokenHeader } from './push/webhook-payload.js';
export {
  type WebhookOutcome,
  WebhookSender,
  type WebhookSenderOptions,
} from './push/webhook-sender.js';
export {
  guardedLookup,
  type HostResolver,
  type WebhookTargetPolicy,
  webhookUrlRefusal,
} from './push/webhook-target.js';
export {
  cardSecurity,
  type V1CardSecurity,
  v1AgentCard,
  v1Paths,
  v1ProtocolVersion,
  v03ProtocolVersion,
} from './server/agent-card-v1.js';
export {
  type A2AExtendedCard,
  A2AExtendedCardService,
  A2AExtendedCardUnprotectedError,
  type V1AgentCardJson,
} from './server/extended-card.js';
export type { V1SpecificationRevision } from './server/http-json-binding.js';
export type { V1ListTasksResponse } from './server/list-tasks.js';
export type { V1Caller } from './server/v1-caller.js';
export { type A2AV1RoutesOptions, a2aV1Routes, createV1Operations } from './server/v1-routes.js';
export {
  defaultMaxTasksInMemory,
  InMemoryV1TaskRecords,
  type V1TaskRecord,
  type V1TaskRecords,
  V1TaskStore,
  V1TaskStoreService,
  v1TaskCollection,
} from './server/v1-task-store.js';
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
