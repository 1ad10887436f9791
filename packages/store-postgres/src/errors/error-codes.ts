/** Every error code of `@orkeon/store-postgres`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const postgresStoreErrorCodes = {
  POSTGRES_STORE_OPTIONS_INVALID:
    'Options of the PostgreSQL store conflict or are out of range: the message names the problem.',
  POSTGRES_STORE_SETUP_FAILED:
    'The schema or tables could not be created or checked: check the connection string and that its user may create them.',
  POSTGRES_STORE_SCHEMA_TOO_NEW:
    'The schema was written by a later Orkeon release with a newer layout: upgrade Orkeon, or give another schema.',
  POSTGRES_CHANGE_ANNOUNCEMENT_TOO_LONG:
    'A change feed announcement is over the 7,999 bytes of a PostgreSQL NOTIFY: announce a short key (an id) and keep the data in the store.',
  POSTGRES_AUDIT_TRAIL_CLOSED:
    'The PostgreSQL audit trail was used after `close()`: open a new `PostgresAuditTrail`, or close it only when the program ends.',
} as const;

export type PostgresStoreErrorCode = keyof typeof postgresStoreErrorCodes;
