// The settings of @orkeon/monitoring alone: hosts that judge settings at start import this, not the package.
export { monitoringSettings } from './monitoring-settings.js';
