import type {
  V1GetTaskRequest,
  V1ListTasksRequest,
  V1SendMessageRequest,
  V1TaskIdRequest,
} from '../../v1/wire/requests.js';
import type { V1SendMessageResponse, V1StreamResponse, V1Task } from '../../v1/wire/task.js';
import type { A2ACallOptions } from '../a2a-client.js';
import type { A2AV1TaskPage } from './v1-answers.js';

/** What `sendMessage` returns: the task, or the agent's direct reply (`SendMessageResponse`). @experimental SVCEXP001 */
export type A2AV1SendResult = V1SendMessageResponse;

/** One event of a stream (`StreamResponse`): one of `task`, `message`, `statusUpdate`, `artifactUpdate`. @experimental SVCEXP001 */
export type A2AV1StreamEvent = V1StreamResponse;

/** The header naming the A2A version a request is written in. */
export const a2aVersionHeader = 'A2A-Version';

/** The version every request of this client is written in. */
export const a2aV1ClientVersion = '1.0';

/**
 * The six task operations over one binding. The requests are already checked; `tenant`
 * in them is the one to send (the binding decides where it goes).
 */
export interface V1Transport {
  sendMessage(request: V1SendMessageRequest, options: A2ACallOptions): Promise<A2AV1SendResult>;
  sendStreamingMessage(request: V1SendMessageRequest, options: A2ACallOptions): AsyncGenerator<A2AV1StreamEvent>;
  getTask(request: V1GetTaskRequest, options: A2ACallOptions): Promise<V1Task>;
  listTasks(request: V1ListTasksRequest, options: A2ACallOptions): Promise<A2AV1TaskPage>;
  cancelTask(request: V1TaskIdRequest, options: A2ACallOptions): Promise<V1Task>;
  subscribeToTask(request: V1TaskIdRequest, options: A2ACallOptions): AsyncGenerator<A2AV1StreamEvent>;
}
