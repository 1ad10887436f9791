import { InMemoryDocumentStore, type Logger, type ServiceProvider } from '@orkeon/core';
import type { FastifyInstance } from 'fastify';
import type { A2ASettings } from '../../registration/a2a-settings.js';
import type { TaskStamps } from '../../server/task-stamps.js';
import type { V1Operations } from '../server/v1-operations.js';
import { V1PushConfigStore, V1PushConfigStoreService } from './push-config-store.js';
import { V1PushDeliveryStore, V1PushDeliveryStoreService } from './push-delivery-store.js';
import { servePushNotifications } from './served-push.js';
import { V1PushNotifications } from './v1-push-notifications.js';

export interface StartPushParts {
  readonly settings: A2ASettings['PushNotifications'];
  readonly logger: Logger;
  readonly stamps: TaskStamps;
  withScope<T>(work: (scope: ServiceProvider) => Promise<T>): Promise<T>;
}

/**
 * Push notifications for one server start, served beside `operations` (every binding that
 * dispatches to them answers the config operations): they hear every task event, resume
 * the deliveries a previous run left once the server listens, and stop when it closes.
 * Configs and pending deliveries live in the host's document store with task persistence
 * (`addSvcA2ATaskPersistence`), else in this server's memory.
 */
export function startV1PushNotifications(
  app: FastifyInstance,
  operations: V1Operations,
  parts: StartPushParts,
): V1PushNotifications {
  const memory = new InMemoryDocumentStore();
  const memoryConfigs = new V1PushConfigStore(memory);
  const memoryDeliveries = new V1PushDeliveryStore(memory);
  const { settings } = parts;
  const push = new V1PushNotifications(
    {
      logger: parts.logger,
      now: parts.stamps.now,
      newId: parts.stamps.newId,
      withStores: (work) =>
        parts.withScope((scope) =>
          work({
            configs: scope.tryGet(V1PushConfigStoreService) ?? memoryConfigs,
            deliveries: scope.tryGet(V1PushDeliveryStoreService) ?? memoryDeliveries,
          }),
        ),
      // Through the operations, so a task counts wherever they keep their records, for its owner only.
      isTaskOf: (taskId, caller) => operations.isTaskOf(taskId, caller),
    },
    {
      allowedHosts: settings.AllowedHosts,
      timeoutMilliseconds: settings.TimeoutSeconds * 1000,
      retry: {
        maxAttempts: settings.MaxAttempts,
        baseDelayMilliseconds: settings.RetryBaseDelaySeconds * 1000,
        maxDelayMilliseconds: settings.RetryMaxDelaySeconds * 1000,
      },
    },
  );
  servePushNotifications(operations, push);
  const stopListening = operations.events.listenToAll((taskId, event) => push.notify(taskId, event));
  app.addHook('onListen', async () => push.resume());
  app.addHook('onClose', async () => {
    stopListening();
    await push.close();
  });
  return push;
}
