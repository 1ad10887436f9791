// The settings of @orkeon/multimodal alone: hosts that judge settings at start import this, not the package.
export { multiModalSettings } from './multimodal-settings.js';
