// The settings of @orkeon/key-rotation alone: hosts that judge settings at start import this, not the package.
export { keyRotationSettings } from './key-rotation-settings.js';
