// The settings of @orkeon/compliance alone: hosts that judge settings at start import this, not the package.
export { nistComplianceSettings } from './nist-compliance-settings.js';
