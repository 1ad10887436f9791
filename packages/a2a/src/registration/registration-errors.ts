import { OrkeonError } from '@orkeon/core';
import type { A2AErrorCode } from '../errors/error-codes.js';

/** An agent registration the directory cannot hold. */
export class InvalidAgentRegistrationError extends OrkeonError<A2AErrorCode> {
  constructor(agentId: string, problem: string) {
    super('A2A_AGENT_REGISTRATION_INVALID', `Agent registration '${agentId}' is invalid: ${problem}.`, {
      details: { agentId },
    });
  }
}

/**
 * `addSvcA2ATaskPersistence` was called before any checkpoint `StateStore` was registered.
 *
 * @deprecated Task records live in a `DocumentStore` now: `A2APersistenceRequiresDocumentStoreError` is thrown instead.
 */
export class A2APersistenceRequiresStateStoreError extends OrkeonError<A2AErrorCode> {
  constructor() {
    super(
      'A2A_PERSISTENCE_STATE_STORE_MISSING',
      'addSvcA2ATaskPersistence needs a checkpoint StateStore registered first: call addCheckpointing, addSqliteCheckpointing or addPostgresCheckpointing (or register StateStoreService), then addSvcA2ATaskPersistence.',
    );
  }
}

/** An A2A server that was asked to start without a service provider to create request scopes from. */
export class A2AServerNotBoundError extends OrkeonError<A2AErrorCode> {
  constructor() {
    super(
      'A2A_SERVER_NOT_BOUND',
      'The A2A server has no service provider to create request scopes from. Start it with startA2AServer(provider), or call server.useServices(provider) before start().',
    );
  }
}

/** `A2A:Directory:Shared` is on, and no `DocumentStore` holds the directory. */
export class A2ASharedDirectoryNeedsStoreError extends OrkeonError<A2AErrorCode> {
  constructor() {
    super(
      'A2A_SHARED_DIRECTORY_STORE_MISSING',
      'A2A:Directory:Shared needs a DocumentStore shared by the instances: register one (addPostgresCheckpointing, or orkeon serve with Svc:Checkpointing:Postgres:ConnectionString), or turn A2A:Directory:Shared off.',
    );
  }
}
