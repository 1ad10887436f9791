// The settings of @orkeon/a2a alone: hosts that judge settings at start import this, not the package.
export { a2aSettings } from './registration/a2a-settings.js';
export { a2aSecuritySettings } from './security/a2a-security-settings.js';
