import {
  type Configuration,
  CrewLinkRegistry,
  CrewLinksService,
  type EventHubStage,
  EventHubStageService,
  LoggerService,
  type ServiceCollection,
  type ServiceResolver,
} from '@orkeon/core';
import { eventHubSettings } from './event-hub-settings.js';
import { createAclStage } from './stages/acl-stage.js';
import type { CrewLinkPolicy } from './stages/crew-link-acl.js';
import { EventSchemaRegistry, EventSchemaRegistryService } from './stages/event-schema-registry.js';
import { createIdempotencyStage } from './stages/idempotency-stage.js';
import { createLoggingStage, createTelemetryStage } from './stages/observability-stages.js';
import { createValidationStage } from './stages/validation-stage.js';

// Each call adds its stage(s) after those already registered: registration order is publish order.

/** The logging and telemetry stages (log lines via the core logger; one OpenTelemetry span per message and path). */
export function addSvcEventHubObservability(services: ServiceCollection): ServiceCollection {
  services.addSingleton(EventHubStageService, (resolver) => createLoggingStage(resolver.get(LoggerService)));
  services.addSingleton(EventHubStageService, () => createTelemetryStage());
  return services;
}

/** The `links:` ACL stage, reading the `CrewLinks` registry (registered empty unless the host has one). */
export function addSvcEventHubAcl(
  services: ServiceCollection,
  policy: CrewLinkPolicy = 'permissive',
): ServiceCollection {
  services.tryAddSingleton(CrewLinksService, () => new CrewLinkRegistry());
  services.addSingleton(EventHubStageService, (resolver) => createAclStage(resolver.get(CrewLinksService), policy));
  return services;
}

/** The idempotency stage: repeated point-to-point message ids are dropped (at most `capacity` ids remembered). */
export function addSvcEventHubIdempotency(services: ServiceCollection, capacity?: number): ServiceCollection {
  const stage = createIdempotencyStage(capacity);
  services.addInstance(EventHubStageService, stage);
  return services;
}

/**
 * The validation stage: a declared `schemaId` must be in the `EventSchemaRegistry` (registered empty
 * unless the host has one). Payloads are checked against its schemas when `validatePayloads` is true,
 * or, when that is not given, when `Svc:EventHub:ValidatePayloads` of `configuration` is.
 */
export function addSvcEventHubValidation(
  services: ServiceCollection,
  options: { readonly validatePayloads?: boolean; readonly configuration?: Configuration } = {},
): ServiceCollection {
  const validatePayloads =
    options.validatePayloads ?? options.configuration?.get(eventHubSettings).ValidatePayloads ?? false;
  services.tryAddSingleton(EventSchemaRegistryService, () => new EventSchemaRegistry());
  services.addSingleton(EventHubStageService, (resolver) =>
    createValidationStage(resolver.get(EventSchemaRegistryService), { validatePayloads }),
  );
  return services;
}

/** A custom stage, after those already registered. */
export function addEventHubStage(
  services: ServiceCollection,
  stage: EventHubStage | ((resolver: ServiceResolver) => EventHubStage),
): ServiceCollection {
  if (typeof stage === 'function') services.addSingleton(EventHubStageService, stage);
  else services.addInstance(EventHubStageService, stage);
  return services;
}
