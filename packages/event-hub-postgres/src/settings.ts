// The settings of @orkeon/event-hub-postgres alone: hosts that judge settings at start import this, not the package.
export { postgresEventHubSettings } from './postgres-event-hub-settings.js';
