// The settings of @orkeon/cognitive-memory alone: hosts that judge settings at start import this, not the package.
export { cognitiveMemorySettings } from './cognitive-memory-settings.js';
