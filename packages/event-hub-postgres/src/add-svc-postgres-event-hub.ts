import {
  type Configuration,
  ConfigurationError,
  EventHubService,
  EventHubStageService,
  LoggerService,
  type ServiceCollection,
} from '@orkeon/core';
import { eventHubSettings } from '@orkeon/event-hub';
import { PostgresEventHub } from './postgres-event-hub.js';
import { postgresEventHubSettings } from './postgres-event-hub-settings.js';

/**
 * Registers, from `Svc:EventHub:Postgres`, a `PostgresEventHub` as the event hub, with every
 * registered stage in registration order. Call it before `addSvcEventHub` (which adds the
 * tools and keeps a hub already registered). `ConnectionString` is required; its absence is
 * reported here, at start. The hub's pool is ended when the service provider is disposed.
 */
export function addSvcPostgresEventHub(services: ServiceCollection, configuration: Configuration): ServiceCollection {
  const settings = configuration.get(postgresEventHubSettings);
  const connectionString = settings.ConnectionString;
  if (connectionString === undefined) {
    const key = `${postgresEventHubSettings.path}:ConnectionString`;
    throw new ConfigurationError([
      {
        key,
        message: `Setting '${key}' is required by the PostgreSQL event hub: give a connection string such as postgresql://user@host:5432/database (environment variable SVC_Svc__EventHub__Postgres__ConnectionString).`,
      },
    ]);
  }
  return services.tryAddSingleton(
    EventHubService,
    (resolver) =>
      new PostgresEventHub({
        connectionString,
        schema: settings.SchemaName,
        largeMessageRetentionSeconds: settings.LargeMessageRetentionSeconds,
        maxSubscriberBacklog: configuration.get(eventHubSettings).MaxSubscriberBacklog,
        stages: resolver.getAll(EventHubStageService),
        ...(resolver.tryGet(LoggerService) === undefined ? {} : { logger: resolver.get(LoggerService) }),
      }),
  );
}
