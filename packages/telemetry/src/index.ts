export { type StartTelemetryOptions, startTelemetry, type TelemetryHandle } from './start-telemetry.js';
