export {
  type AddSvcToolRateLimitingOptions,
  addSvcToolRateLimiting,
  rateLimitingExperimentalDiagnosticId,
} from './add-svc-tool-rate-limiting.js';
export type { BudgetCheckResult, ExceededTokenBudget, TokenBudgetLimit } from './budget-check-result.js';
export { type RateLimitingErrorCode, rateLimitingErrorCodes } from './errors/error-codes.js';
export { MemoryBudgetStore } from './memory-budget-store.js';
export { MemoryWindowStore } from './memory-window-store.js';
export type { RateLimitAcquisition, RateLimitHit, RateLimitLease } from './rate-limit-acquisition.js';
export { rateLimitInterceptor } from './rate-limit-interceptor.js';
export {
  RateLimitingArgumentError,
  RateLimitingStoreClosedError,
  RateLimitingStoreSetupError,
  RateLimitingStoreUnavailableError,
} from './rate-limiting-errors.js';
export type { SegmentCounts } from './sliding-window.js';
export { segmentMilliseconds, segmentsPerWindow, windowMilliseconds } from './sliding-window.js';
export { type StoreKind, storeKinds } from './store-settings.js';
export { tokenBudgetModelCallBudget } from './token-budget-model-call-budget.js';
export { defaultFallbackPrice, type TokenBudgetSettings, tokenBudgetSettings } from './token-budget-settings.js';
export {
  type TokenBudgetLimits,
  TokenBudgetTracker,
  type TokenBudgetTrackerOptions,
  TokenBudgetTrackerService,
} from './token-budget-tracker.js';
export type { BudgetCounts, TokenBudgetReport, TokenBudgetStore, TokenUsage } from './token-usage.js';
export {
  ToolRateLimiter,
  type ToolRateLimiterOptions,
  ToolRateLimiterService,
  type ToolRateLimits,
} from './tool-rate-limiter.js';
export { type ToolRateLimitingSettings, toolRateLimitingSettings } from './tool-rate-limiting-settings.js';
export type { SlidingWindowStore, WindowAcquisition, WindowLimit } from './window-store.js';
