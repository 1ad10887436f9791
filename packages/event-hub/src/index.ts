export { addSvcEventHub } from './add-svc-event-hub.js';
export {
  addEventHubStage,
  addSvcEventHubAcl,
  addSvcEventHubIdempotency,
  addSvcEventHubObservability,
  addSvcEventHubValidation,
} from './add-svc-event-hub-stages.js';
export { type EventHubSettings, eventHubSettings } from './event-hub-settings.js';
export { directTopic, HubClient } from './hub-client.js';
export type { HubCore, HubDispatchOptions, TopicSubscriber } from './hub-core.js';
export { HubQueue, type TakeOptions } from './hub-queue.js';
export { InMemoryEventHub, type InMemoryEventHubOptions } from './in-memory-event-hub.js';
export { LocalRequests } from './local-requests.js';
export { MessageStamps, type MessageStampsOptions } from './message-stamps.js';
export { ownMailbox } from './own-mailbox.js';
export { StageChain } from './stage-chain.js';
export { createAclStage } from './stages/acl-stage.js';
export { type CrewLinkPolicy, checkCrewLinks, peerOf } from './stages/crew-link-acl.js';
export { EventSchemaRegistry, EventSchemaRegistryService } from './stages/event-schema-registry.js';
export { createIdempotencyStage, defaultIdempotencyCapacity } from './stages/idempotency-stage.js';
export {
  createLoggingStage,
  createTelemetryStage,
  eventHubTracerName,
  hubSpanAttributes,
} from './stages/observability-stages.js';
export { createValidationStage } from './stages/validation-stage.js';
export { createGetLastValueTool } from './tools/get-last-value-tool.js';
export { hubIdentityOf } from './tools/hub-tool-caller.js';
export { createPostMessageTool } from './tools/post-message-tool.js';
export { createPublishEventTool } from './tools/publish-event-tool.js';
export { createReceiveMessageTool } from './tools/receive-message-tool.js';
export { createReplyToTool } from './tools/reply-to-tool.js';
export { createSendRequestTool } from './tools/send-request-tool.js';
export { createWaitForEventTool } from './tools/wait-for-event-tool.js';
export { defaultSubscriberBacklog, TopicSubscribers } from './topic-subscribers.js';
export { unknownCorrelation } from './unknown-correlation.js';
