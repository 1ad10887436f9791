export {
  A2AServer,
  type A2AServerAddress,
  A2AServerService,
  startA2AServer,
} from './a2a-server.js';
export { A2AServerOptionError } from './a2a-server-errors.js';
export {
  type A2AHttpsOptions,
  A2AHttpsOptionsService,
  type A2ARequestGuard,
  A2ARequestGuardService,
  type A2AScopeSource,
  type A2AServerOptions,
} from './a2a-server-options.js';
export type { A2ATaskOverview } from './task-overview.js';
export { timeOrderedId } from './time-ordered-id.js';
