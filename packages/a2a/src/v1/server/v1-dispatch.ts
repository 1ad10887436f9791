import { V1ProtocolError } from '../wire/protocol-error.js';
import {
  v1GetTaskRequestSchema,
  v1ListTasksRequestSchema,
  v1SendMessageRequestSchema,
  v1TaskIdRequestSchema,
} from '../wire/requests.js';
import type { V1StreamResponse } from '../wire/task.js';
import type { V1Operations } from './v1-operations.js';
import { v1Params } from './v1-params.js';

/** What one operation gives: an answer, or a stream of events. */
export type V1Outcome =
  | { readonly kind: 'answer'; readonly value: unknown }
  | { readonly kind: 'stream'; readonly events: AsyncIterable<V1StreamResponse> };

/** The push-notification operations, refused while this server declares no push notifications. */
const pushOperations = new Set([
  'CreateTaskPushNotificationConfig',
  'GetTaskPushNotificationConfig',
  'ListTaskPushNotificationConfigs',
  'DeleteTaskPushNotificationConfig',
]);

/** The v1.0 operations by their names, as both HTTP bindings call them. */
export async function dispatchV1(operations: V1Operations, name: string, params: unknown): Promise<V1Outcome> {
  switch (name) {
    case 'SendMessage':
      return answer(operations.sendMessage(v1Params(v1SendMessageRequestSchema, params, 'params')));
    case 'SendStreamingMessage':
      return stream(operations.sendStreamingMessage(v1Params(v1SendMessageRequestSchema, params, 'params')));
    case 'GetTask':
      return answer(operations.getTask(v1Params(v1GetTaskRequestSchema, params, 'params')));
    case 'ListTasks':
      return answer(operations.listTasks(v1Params(v1ListTasksRequestSchema, params, 'params')));
    case 'CancelTask':
      return answer(operations.cancelTask(v1Params(v1TaskIdRequestSchema, params, 'params')));
    case 'SubscribeToTask':
      return stream(operations.subscribeToTask(v1Params(v1TaskIdRequestSchema, params, 'params')));
    case 'GetExtendedAgentCard':
      throw new V1ProtocolError(
        'UnsupportedOperation',
        'This agent declares no extended agent card (capabilities.extendedAgentCard is false).',
      );
    default:
      if (pushOperations.has(name))
        throw new V1ProtocolError(
          'PushNotificationNotSupported',
          'This agent declares no push notifications (capabilities.pushNotifications is false).',
        );
      throw new V1ProtocolError(
        'MethodNotFound',
        `No method '${name}'. The methods are SendMessage, SendStreamingMessage, GetTask, ListTasks, CancelTask, SubscribeToTask.`,
      );
  }
}

async function answer(value: Promise<unknown>): Promise<V1Outcome> {
  return { kind: 'answer', value: await value };
}

async function stream(events: Promise<AsyncIterable<V1StreamResponse>>): Promise<V1Outcome> {
  return { kind: 'stream', events: await events };
}
