// The settings of @orkeon/plugins alone: hosts that judge settings at start import this, not the package.
export { pluginSettings } from './plugin-settings.js';
