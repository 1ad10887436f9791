export { type A2ASettings, type A2ASettingsInput, A2ASettingsService, a2aSettings } from './a2a-settings.js';
export { type AddSvcA2AOptions, a2aExperimentalDiagnosticId, addSvcA2A } from './add-svc-a2a.js';
export { AgentDirectory, AgentDirectoryService } from './agent-directory.js';
export type {
  A2AInputAnswer,
  A2ALocalHandler,
  A2ATaskContext,
  A2ATaskFile,
  AgentRegistration,
  LocalAgentRegistration,
  NormalizedA2ATaskRequest,
  RemoteAgentRegistration,
} from './agent-registration.js';
export { type AgentRepository, AgentRepositoryService, SharedStoreAgentRepository } from './agent-repository.js';
export {
  type DomainEvent,
  type DomainEventDispatcher,
  DomainEventDispatcherService,
  type DomainEventHandler,
  InProcessDomainEventDispatcher,
} from './domain-event-dispatcher.js';
export { type HttpClientFactory, HttpClientFactoryService, PooledHttpClientFactory } from './http-client-factory.js';
export {
  A2APersistenceRequiresStateStoreError,
  A2AServerNotBoundError,
  A2ASharedDirectoryNeedsStoreError,
  InvalidAgentRegistrationError,
} from './registration-errors.js';
export {
  DocumentStoreAgentRepository,
  SharedAgentDirectoryPublisher,
  sharedAgentCollection,
} from './shared-agent-directory.js';
export { SharedAgentRegistrationStore, sharedAgentRegistrationStore } from './shared-agent-registration-store.js';
export { ScopedUnitOfWork, type UnitOfWork, type UnitOfWorkAction, UnitOfWorkService } from './unit-of-work.js';
