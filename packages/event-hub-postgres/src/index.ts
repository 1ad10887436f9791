export { addSvcPostgresEventHub } from './add-svc-postgres-event-hub.js';
export { type PostgresEventHubErrorCode, postgresEventHubErrorCodes } from './errors/error-codes.js';
export { eventHubChannel, eventHubTablesVersion } from './event-hub-tables.js';
export { PostgresEventHub, type PostgresEventHubOptions } from './postgres-event-hub.js';
export {
  PostgresEventHubClosedError,
  PostgresEventHubOptionsError,
  PostgresEventHubSchemaTooNewError,
  PostgresEventHubSetupError,
} from './postgres-event-hub-errors.js';
export { type PostgresEventHubSettings, postgresEventHubSettings } from './postgres-event-hub-settings.js';
