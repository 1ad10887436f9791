export { addSvcTelemetry } from './add-svc-telemetry.js';
export { type StartTelemetryOptions, startTelemetry, type TelemetryHandle } from './start-telemetry.js';
export { type TelemetryContribution, TelemetryContributionService } from './telemetry-contribution.js';
