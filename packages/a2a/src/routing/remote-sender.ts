import { serviceToken } from '@orkeon/core';
import type {
  A2ATaskContext,
  NormalizedA2ATaskRequest,
  RemoteAgentRegistration,
} from '../registration/agent-registration.js';
import type { A2ATaskResult } from '../wire/task-result.js';

/**
 * Sends a task to a remote agent (kind `remote`) and resolves with its result. The A2A
 * client registers one under `A2ARemoteSenderService`; the router resolves it per task.
 * It should resolve (not reject) with a `Failed` result for remote failures; a rejection
 * is turned into `Failed` by the router.
 *
 * @experimental SVCEXP001
 */
export type A2ARemoteSender = (
  registration: RemoteAgentRegistration,
  request: NormalizedA2ATaskRequest,
  signal: AbortSignal,
  task?: A2ATaskContext,
) => Promise<A2ATaskResult>;

/** @experimental SVCEXP001 */
export const A2ARemoteSenderService = serviceToken<A2ARemoteSender>('A2ARemoteSender');
