/** Every error code of `@orkeon/event-hub-postgres`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const postgresEventHubErrorCodes = {
  EVENT_HUB_POSTGRES_OPTIONS_INVALID:
    'Options of the PostgreSQL event hub conflict or are missing: the message names the problem and the setting to give.',
  EVENT_HUB_POSTGRES_SETUP_FAILED:
    'The event hub could not create or check its tables, or listen for notifications: check the connection string and that its user may create them.',
  EVENT_HUB_POSTGRES_SCHEMA_TOO_NEW:
    "The event hub's tables were written by a later Orkeon release with a newer layout: upgrade Orkeon, or give another schema.",
  EVENT_HUB_POSTGRES_CLOSED:
    'The PostgreSQL event hub was used after `close()`: open a new one, or close it only when the program ends.',
} as const;

export type PostgresEventHubErrorCode = keyof typeof postgresEventHubErrorCodes;
