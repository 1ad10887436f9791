import { readFileSync } from 'node:fs';
import {
  Configuration,
  createLogger,
  DocumentStoreService,
  GuardianService,
  type Logger,
  LoggerService,
  type ServiceCollection,
  type SettingsTree,
  type SettingsValue,
} from '@orkeon/core';
import { clientRemoteSender } from '../client/client-remote-sender.js';
import { A2ATaskRouter, A2ATaskRouterService } from '../routing/a2a-task-router.js';
import { A2ARemoteSenderService } from '../routing/remote-sender.js';
import { createA2ASecurity } from '../security/a2a-security.js';
import { A2ASecurityConfigurationError } from '../security/a2a-security-errors.js';
import { a2aSecuritySettings } from '../security/a2a-security-settings.js';
import { assertSafeBinding } from '../security/assert-safe-binding.js';
import { A2AServer, A2AServerService } from '../server/a2a-server.js';
import { A2AHttpsOptionsService, A2ARequestGuardService } from '../server/a2a-server-options.js';
import { taskStamps } from '../server/task-stamps.js';
import { A2ACardSigningKeyService, loadCardSigningKey } from '../v1/cards/card-signing-key.js';
import { A2AGrpcCallSecurityService, createGrpcCallSecurity } from '../v1/grpc/grpc-call-security.js';
import { cardSecurity } from '../v1/server/agent-card-v1.js';
import {
  A2AExtendedCardService,
  A2AExtendedCardUnprotectedError,
  extendedCardFromSettings,
} from '../v1/server/extended-card.js';
import { type A2ASettings, type A2ASettingsInput, A2ASettingsService, a2aSettings } from './a2a-settings.js';
import { AgentDirectory, AgentDirectoryService } from './agent-directory.js';
import { AgentRepositoryService, SharedStoreAgentRepository } from './agent-repository.js';
import { DomainEventDispatcherService, InProcessDomainEventDispatcher } from './domain-event-dispatcher.js';
import { HttpClientFactoryService, PooledHttpClientFactory } from './http-client-factory.js';
import { A2ASharedDirectoryNeedsStoreError } from './registration-errors.js';
import { DocumentStoreAgentRepository } from './shared-agent-directory.js';
import { sharedAgentRegistrationStore } from './shared-agent-registration-store.js';
import { ScopedUnitOfWork, UnitOfWorkService } from './unit-of-work.js';

/** The diagnostic id of the experimental A2A surface. */
export const a2aExperimentalDiagnosticId = 'SVCEXP001';

/** @experimental SVCEXP001 */
export interface AddSvcA2AOptions {
  /** Silences the one `SVCEXP001` warning logged when the extension is added. */
  readonly acknowledgeExperimental?: boolean;
  /** Where that warning goes. Default: the logger the host registered is not resolvable yet, so a new one. */
  readonly logger?: Logger;
  /** A host that is the server (`orkeon serve`) says so here; it wins over `A2A:EnableServer`. */
  readonly enableServer?: boolean;
  /**
   * The clock stamped into task records, results and status updates, in milliseconds since
   * 1970 (the server's and the task router's). Default `Date.now`; tests pass a fixed clock.
   */
  readonly now?: () => number;
  /** The id the server gives a task sent without one. Default: a random UUID. */
  readonly newId?: () => string;
}

/**
 * Enables A2A (R1): from the `A2A` section of `configuration`, or from a function that
 * edits the defaults in code. It supplies, only where the host has not (R3): an HTTP
 * client factory, a domain event dispatcher, a per-scope unit of work and the agent
 * directory; a remote sender over the A2A client; plus the scoped agent repository over the process-wide shared store (R4, a
 * host repository is left untouched and one registered later wins, R5) and the scoped
 * task router. `A2AServer` is registered only when `EnableServer` is true (R2).
 *
 * @experimental SVCEXP001
 */
export function addSvcA2A(
  services: ServiceCollection,
  settings: Configuration | ((options: A2ASettingsInput) => void),
  options: AddSvcA2AOptions = {},
): ServiceCollection {
  const settled = bindSettings(settings);
  // Checked here, so a clock or id generator that is not a function stops the host at start.
  const stamps = taskStamps(options);
  const bound = options.enableServer === undefined ? settled : { ...settled, EnableServer: options.enableServer };
  if (options.acknowledgeExperimental !== true) {
    (options.logger ?? createLogger()).warn(
      { diagnosticId: a2aExperimentalDiagnosticId },
      `${a2aExperimentalDiagnosticId}: the A2A surface is experimental and may change without notice. Pass { acknowledgeExperimental: true } to addSvcA2A to silence this warning.`,
    );
  }
  services.addInstance(A2ASettingsService, bound);
  if (settings instanceof Configuration) addSecurity(services, settings, bound, options.logger ?? createLogger());
  services.tryAddSingleton(HttpClientFactoryService, () => new PooledHttpClientFactory());
  services.tryAddSingleton(DomainEventDispatcherService, (resolver) => {
    const logger = resolver.tryGet(LoggerService);
    return new InProcessDomainEventDispatcher((error, event) =>
      logger?.error({ err: error, event: event.type }, 'A domain event handler failed.'),
    );
  });
  services.tryAddScoped(UnitOfWorkService, () => new ScopedUnitOfWork());
  services.tryAddSingleton(AgentDirectoryService, () => new AgentDirectory(sharedAgentRegistrationStore));
  // A2A:Directory:Shared: the agents of every instance on the document store (R5), read at most every 2 s.
  if (bound.Directory.Shared)
    services.tryAddSingleton(AgentRepositoryService, (resolver) => {
      const store = resolver.tryGet(DocumentStoreService);
      if (store === undefined) throw new A2ASharedDirectoryNeedsStoreError();
      return new DocumentStoreAgentRepository({ store, local: sharedAgentRegistrationStore });
    });
  services.tryAddScoped(AgentRepositoryService, () => new SharedStoreAgentRepository(sharedAgentRegistrationStore));
  const security = settings instanceof Configuration ? settings.get(a2aSecuritySettings) : {};
  services.tryAddSingleton(A2ARemoteSenderService, () => clientRemoteSender(security));
  services.tryAddScoped(
    A2ATaskRouterService,
    (resolver) =>
      new A2ATaskRouter({
        repository: resolver.get(AgentRepositoryService),
        remoteSender: resolver.tryGet(A2ARemoteSenderService),
        guardian: resolver.tryGet(GuardianService),
        ...(options.now === undefined ? {} : { now: stamps.now }),
      }),
  );
  if (bound.ExtendedCard.Enabled) {
    const security = settings instanceof Configuration ? settings.get(a2aSecuritySettings) : undefined;
    // The extended card goes to authenticated callers only: a server that authenticates nobody refuses to start.
    if (cardSecurity(security).securityRequirements.length === 0) throw new A2AExtendedCardUnprotectedError();
    services.tryAddSingleton(A2AExtendedCardService, () => extendedCardFromSettings(bound.ExtendedCard));
  }
  // Read now: a key that cannot sign stops the start, not the first card request.
  const cardSigning = loadCardSigningKey(bound.CardSigning);
  if (cardSigning !== undefined) services.tryAddInstance(A2ACardSigningKeyService, cardSigning);
  if (bound.EnableServer) {
    services.tryAddSingleton(A2AServerService, (resolver) => {
      const signing = resolver.tryGet(A2ACardSigningKeyService);
      const https = resolver.tryGet(A2AHttpsOptionsService);
      const grpcSecurity = resolver.tryGet(A2AGrpcCallSecurityService);
      return new A2AServer({
        settings: resolver.get(A2ASettingsService),
        logger: (resolver.tryGet(LoggerService) ?? createLogger()).child({ component: 'a2a' }),
        guards: resolver.getAll(A2ARequestGuardService),
        cardSecurity: cardSecurity(settings instanceof Configuration ? settings.get(a2aSecuritySettings) : undefined),
        ...(https === undefined ? {} : { https }),
        ...(grpcSecurity === undefined ? {} : { grpcSecurity }),
        ...(signing === undefined ? {} : { cardSigning: signing }),
        ...(options.now === undefined ? {} : { now: options.now }),
        ...(options.newId === undefined ? {} : { newId: options.newId }),
      });
    });
  }
  return services;
}

/**
 * The `A2A:Security` section as guards and TLS settings, and, with `A2A:GrpcPort`, as the
 * checks of gRPC calls. Fails at once (fail-closed)
 * on a security setting that cannot be enforced: mTLS without a trust anchor or
 * without HTTPS, a listed scheme without a validator, or a server reachable beyond
 * loopback with neither credentials nor mTLS.
 */
function addSecurity(
  services: ServiceCollection,
  configuration: Configuration,
  bound: A2ASettings,
  logger: Logger,
): void {
  const securitySettings = configuration.get(a2aSecuritySettings);
  const security = createA2ASecurity(securitySettings, { logger });
  for (const guard of security.guards) services.add(A2ARequestGuardService, 'singleton', () => guard);
  if (bound.GrpcPort !== undefined)
    services.tryAddInstance(A2AGrpcCallSecurityService, createGrpcCallSecurity(securitySettings, { logger }));
  if (bound.CertificatePath !== undefined && bound.CertificateKeyPath !== undefined) {
    services.tryAddInstance(A2AHttpsOptionsService, {
      cert: readFileSync(bound.CertificatePath),
      key: readFileSync(bound.CertificateKeyPath),
      ...(security.httpsOptions === undefined ? {} : { requestCert: true, ca: security.httpsOptions.ca }),
    });
  } else if (security.httpsOptions !== undefined) {
    throw new A2ASecurityConfigurationError(
      'A2A:Security:RequireMutualTls needs HTTPS: set A2A:CertificatePath and A2A:CertificateKeyPath to the server certificate and key.',
      { key: 'A2A:Security:RequireMutualTls' },
    );
  }
  if (bound.EnableServer) assertSafeBinding(bound.Host, securitySettings);
}

function bindSettings(settings: Configuration | ((options: A2ASettingsInput) => void)): A2ASettings {
  if (settings instanceof Configuration) return settings.get(a2aSettings);
  const input: A2ASettingsInput = {};
  settings(input);
  const given: SettingsTree = {};
  for (const [key, value] of Object.entries(input)) if (value !== undefined) given[key] = value as SettingsValue;
  return Configuration.fromObject({ A2A: given }, [a2aSettings]).get(a2aSettings);
}
