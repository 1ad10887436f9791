// The settings of @orkeon/dlp alone: hosts that judge settings at start import this, not the package.
export { dlpSettings } from './dlp-settings.js';
