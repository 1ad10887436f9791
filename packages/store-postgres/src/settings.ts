// The settings of @orkeon/store-postgres alone: hosts that judge settings at start import this, and
// the package (with the pg client) only when a connection string is set.
export { postgresCheckpointingSettings } from './postgres-checkpointing-settings.js';
