import {
  v1CreatePushConfigRequestSchema,
  v1ListPushConfigsRequestSchema,
  v1PushConfigIdRequestSchema,
} from '../push/push-config.js';
import { pushNotificationsOf } from '../push/served-push.js';
import type { V1PushNotifications } from '../push/v1-push-notifications.js';
import { V1ProtocolError } from '../wire/protocol-error.js';
import {
  type V1SendMessageRequest,
  v1GetTaskRequestSchema,
  v1ListTasksRequestSchema,
  v1SendMessageRequestSchema,
  v1TaskIdRequestSchema,
} from '../wire/requests.js';
import type { V1StreamResponse } from '../wire/task.js';
import { callerOf } from './v1-caller.js';
import type { V1Operations } from './v1-operations.js';
import { v1Params } from './v1-params.js';

/** What one operation gives: an answer, or a stream of events. */
export type V1Outcome =
  | { readonly kind: 'answer'; readonly value: unknown }
  | { readonly kind: 'stream'; readonly events: AsyncIterable<V1StreamResponse> };

/**
 * The v1.0 operations by their names, as every binding calls them, for the caller a
 * security check identified (`anonymous` when none did) in the request's tenant.
 */
export async function dispatchV1(
  operations: V1Operations,
  name: string,
  params: unknown,
  identity: string,
): Promise<V1Outcome> {
  const caller = callerOf(identity, params);
  switch (name) {
    case 'SendMessage':
      return answer(operations.sendMessage(await withCheckedPush(operations, params), caller));
    case 'SendStreamingMessage':
      return stream(operations.sendStreamingMessage(await withCheckedPush(operations, params), caller));
    case 'GetTask':
      return answer(operations.getTask(v1Params(v1GetTaskRequestSchema, params, 'params'), caller));
    case 'ListTasks':
      return answer(operations.listTasks(v1Params(v1ListTasksRequestSchema, params, 'params'), caller));
    case 'CancelTask':
      return answer(operations.cancelTask(v1Params(v1TaskIdRequestSchema, params, 'params'), caller));
    case 'SubscribeToTask':
      return stream(operations.subscribeToTask(v1Params(v1TaskIdRequestSchema, params, 'params'), caller));
    case 'CreateTaskPushNotificationConfig':
      return answer(pushOf(operations).create(v1Params(v1CreatePushConfigRequestSchema, params, 'params'), caller));
    case 'GetTaskPushNotificationConfig':
      return answer(pushOf(operations).get(v1Params(v1PushConfigIdRequestSchema, params, 'params'), caller));
    case 'ListTaskPushNotificationConfigs':
      return answer(pushOf(operations).list(v1Params(v1ListPushConfigsRequestSchema, params, 'params'), caller));
    case 'DeleteTaskPushNotificationConfig':
      return answer(pushOf(operations).delete(v1Params(v1PushConfigIdRequestSchema, params, 'params'), caller));
    case 'GetExtendedAgentCard':
      return answer(operations.getExtendedAgentCard());
    default:
      throw new V1ProtocolError(
        'MethodNotFound',
        `No method '${name}'. The methods are SendMessage, SendStreamingMessage, GetTask, ListTasks, CancelTask, SubscribeToTask, CreateTaskPushNotificationConfig, GetTaskPushNotificationConfig, ListTaskPushNotificationConfigs and DeleteTaskPushNotificationConfig.`,
      );
  }
}

function pushOf(operations: V1Operations): V1PushNotifications {
  const push = pushNotificationsOf(operations);
  if (push === undefined)
    throw new V1ProtocolError(
      'PushNotificationNotSupported',
      'This agent declares no push notifications (capabilities.pushNotifications is false; A2A:PushNotifications:Enabled).',
    );
  return push;
}

/** The request, its `taskPushNotificationConfig` (if any) checked before a task is made for it. */
async function withCheckedPush(operations: V1Operations, params: unknown): Promise<V1SendMessageRequest> {
  const request = v1Params(v1SendMessageRequestSchema, params, 'params');
  const config = request.configuration?.taskPushNotificationConfig;
  if (config !== undefined) await pushOf(operations).checkForSend(config);
  return request;
}

async function answer(value: Promise<unknown>): Promise<V1Outcome> {
  return { kind: 'answer', value: await value };
}

async function stream(events: Promise<AsyncIterable<V1StreamResponse>>): Promise<V1Outcome> {
  return { kind: 'stream', events: await events };
}
