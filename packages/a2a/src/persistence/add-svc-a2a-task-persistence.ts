import { type ServiceCollection, StateStoreService } from '@orkeon/core';
import { A2APersistenceRequiresStateStoreError } from '../registration/registration-errors.js';
import { A2ATaskStoreService } from './a2a-task-store.js';
import { StateStoreA2ATaskStore } from './state-store-a2a-task-store.js';

/**
 * The second opt-in of A2A (R6): task records kept in the registered checkpoint
 * `StateStore`, so `GET /a2a/tasks/{id}` answers and `DELETE` records `Cancelled`.
 * A `StateStore` must be registered first; otherwise this throws
 * `A2APersistenceRequiresStateStoreError`. A host's own `A2ATaskStore` is left untouched.
 *
 * @experimental SVCEXP001
 */
export function addSvcA2ATaskPersistence(services: ServiceCollection): ServiceCollection {
  if (!services.has(StateStoreService)) throw new A2APersistenceRequiresStateStoreError();
  return services.tryAddSingleton(
    A2ATaskStoreService,
    (resolver) => new StateStoreA2ATaskStore(resolver.get(StateStoreService)),
  );
}
