// The settings of @orkeon/studio alone: hosts that judge settings at start import this, not the package.
export { studioSettings } from './studio-settings.js';
