import {
  type Configuration,
  EventHubService,
  EventHubStageService,
  LoggerService,
  type ServiceCollection,
  type ServiceResolver,
  ToolService,
} from '@orkeon/core';
import { eventHubSettings } from './event-hub-settings.js';
import { InMemoryEventHub } from './in-memory-event-hub.js';
import { createGetLastValueTool } from './tools/get-last-value-tool.js';
import { createPostMessageTool } from './tools/post-message-tool.js';
import { createPublishEventTool } from './tools/publish-event-tool.js';
import { createReceiveMessageTool } from './tools/receive-message-tool.js';
import { createReplyToTool } from './tools/reply-to-tool.js';
import { createSendRequestTool } from './tools/send-request-tool.js';
import { createWaitForEventTool } from './tools/wait-for-event-tool.js';

/**
 * Adds the event hub: the in-memory hub as `EventHubService` (unless the host registered one),
 * built with every registered stage in registration order, and the seven event-hub tools.
 * Stages are added by `addSvcEventHubObservability`, `…Acl`, `…Idempotency`, `…Validation`
 * and `addEventHubStage`, before or after this call.
 */
export function addSvcEventHub(services: ServiceCollection, configuration: Configuration): ServiceCollection {
  const settings = configuration.get(eventHubSettings);
  services.tryAddSingleton(
    EventHubService,
    (resolver) =>
      new InMemoryEventHub({
        stages: resolver.getAll(EventHubStageService),
        maxMailboxMessages: settings.MaxMailboxMessages,
        maxSubscriberBacklog: settings.MaxSubscriberBacklog,
        ...(resolver.tryGet(LoggerService) === undefined ? {} : { logger: resolver.get(LoggerService) }),
      }),
  );
  // Resolved on each call, so a hub the host registers later is the one the tools use.
  const hub = (resolver: ServiceResolver) => () => resolver.get(EventHubService);
  services.addSingleton(ToolService, (resolver) => createPublishEventTool(hub(resolver)));
  services.addSingleton(ToolService, (resolver) => createPostMessageTool(hub(resolver)));
  services.addSingleton(ToolService, (resolver) => createSendRequestTool(hub(resolver), settings));
  services.addSingleton(ToolService, (resolver) => createReplyToTool(hub(resolver)));
  services.addSingleton(ToolService, (resolver) => createReceiveMessageTool(hub(resolver), settings));
  services.addSingleton(ToolService, (resolver) => createWaitForEventTool(hub(resolver), settings));
  services.addSingleton(ToolService, (resolver) => createGetLastValueTool(hub(resolver)));
  return services;
}
