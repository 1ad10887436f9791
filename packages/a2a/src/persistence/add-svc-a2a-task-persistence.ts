import { DocumentStoreService, type ServiceCollection } from '@orkeon/core';
import { V1PushConfigStore, V1PushConfigStoreService } from '../v1/push/push-config-store.js';
import { V1PushDeliveryStore, V1PushDeliveryStoreService } from '../v1/push/push-delivery-store.js';
import { V1TaskStore, V1TaskStoreService } from '../v1/server/v1-task-store.js';
import { A2ATaskStoreService } from './a2a-task-store.js';
import { DocumentStoreA2ATaskStore } from './document-store-a2a-task-store.js';
import { A2APersistenceRequiresDocumentStoreError } from './persistence-errors.js';

/**
 * The second opt-in of A2A (R6): task records kept in the registered `DocumentStore`
 * (collection `a2a-tasks`), so `GET /a2a/tasks/{id}` answers and `DELETE` records
 * `Cancelled`, and the v1.0 task records (collection `a2a-v1-tasks`), so v1.0 tasks
 * outlive a restart, with their push notification configs (`a2a-v1-push-configs`) and
 * the webhook deliveries still pending (`a2a-v1-push-deliveries`). A `DocumentStore` must be registered first (`addSqliteCheckpointing`,
 * `addPostgresCheckpointing` and `addDocumentStore` do); otherwise this throws
 * `A2APersistenceRequiresDocumentStoreError`. A host's own `A2ATaskStore` is left untouched.
 *
 * @experimental SVCEXP001
 */
export function addSvcA2ATaskPersistence(services: ServiceCollection): ServiceCollection {
  if (!services.has(DocumentStoreService)) throw new A2APersistenceRequiresDocumentStoreError();
  services.tryAddSingleton(V1TaskStoreService, (resolver) => new V1TaskStore(resolver.get(DocumentStoreService)));
  services.tryAddSingleton(
    V1PushConfigStoreService,
    (resolver) => new V1PushConfigStore(resolver.get(DocumentStoreService)),
  );
  services.tryAddSingleton(
    V1PushDeliveryStoreService,
    (resolver) => new V1PushDeliveryStore(resolver.get(DocumentStoreService)),
  );
  return services.tryAddSingleton(
    A2ATaskStoreService,
    (resolver) => new DocumentStoreA2ATaskStore(resolver.get(DocumentStoreService)),
  );
}
