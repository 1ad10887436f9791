// The settings of @orkeon/rate-limiting alone: hosts that judge settings at start import this, not the package.

export { tokenBudgetSettings } from './token-budget-settings.js';
export { toolRateLimitingSettings } from './tool-rate-limiting-settings.js';
