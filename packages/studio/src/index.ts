export { type StudioErrorCode, studioErrorCodes } from './errors/error-codes.js';
export {
  emptyRunView,
  foldRunEvent,
  type RunView,
  type StudioRunStatus,
  type TaskView,
  type ToolInFlight,
} from './run-view.js';
export { createStudio, type Studio, type StudioOptions } from './studio.js';
export type { StudioA2ATask } from './studio-a2a-task.js';
export { type StudioAsk, StudioAsks } from './studio-asks.js';
export type { StudioCrew } from './studio-crew.js';
export { StudioPageMissingError, StudioRequestInvalidError, StudioUnsafeBindingError } from './studio-errors.js';
export { isLoopbackName } from './studio-guard.js';
export type { StudioPastRun, StudioPastRunDetail, StudioPastRunSource, StudioPastTask } from './studio-past-run.js';
export { StudioRun, type StudioRunSummary } from './studio-run.js';
export { StudioRuns, type StudioRunsOptions } from './studio-runs.js';
export { type StudioServer, type StudioServerOptions, startStudioServer } from './studio-server.js';
export { studioSettings } from './studio-settings.js';
