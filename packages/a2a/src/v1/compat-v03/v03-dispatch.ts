import { type V1TaskPushNotificationConfig, v1CreatePushConfigRequestSchema } from '../push/push-config.js';
import { pushNotificationsOf } from '../push/served-push.js';
import type { V1Caller } from '../server/v1-caller.js';
import { dispatchV1, type V1Outcome } from '../server/v1-dispatch.js';
import type { V1Operations } from '../server/v1-operations.js';
import { v1Params } from '../server/v1-params.js';
import { V1ProtocolError } from '../wire/protocol-error.js';
import { type V1SendMessageRequest, v1SendMessageRequestSchema } from '../wire/requests.js';
import type { V1SendMessageResponse, V1StreamResponse, V1Task } from '../wire/task.js';
import { v03AgentCardOf } from './v03-agent-card.js';
import { v03MessageOf } from './v03-message.js';
import { v1PushFieldsOfV03, v03TaskPushConfigOf, v03TaskPushConfigSchema } from './v03-push-config.js';
import {
  v1SendRequestOfV03,
  v03DeletePushConfigParamsSchema,
  v03GetPushConfigParamsSchema,
  v03SendParamsSchema,
  v03TaskIdParamsSchema,
  v03TaskQueryParamsSchema,
} from './v03-requests.js';
import { type V03Event, v03EventOf, v03TaskOf } from './v03-task.js';

/** The JSON-RPC methods of A2A 0.3, each onto the v1.0 operation of the same meaning. */
export const v03Methods = {
  'message/send': 'SendMessage',
  'message/stream': 'SendStreamingMessage',
  'tasks/get': 'GetTask',
  'tasks/cancel': 'CancelTask',
  'tasks/resubscribe': 'SubscribeToTask',
  'tasks/pushNotificationConfig/set': 'CreateTaskPushNotificationConfig',
  'tasks/pushNotificationConfig/get': 'GetTaskPushNotificationConfig',
  'tasks/pushNotificationConfig/list': 'ListTaskPushNotificationConfigs',
  'tasks/pushNotificationConfig/delete': 'DeleteTaskPushNotificationConfig',
  'agent/getAuthenticatedExtendedCard': 'GetExtendedAgentCard',
} as const;

/** @experimental SVCEXP001 */
export type V03Method = keyof typeof v03Methods;

/** What one 0.3 method gives: an answer in 0.3 shapes, or a stream of 0.3 events. */
export type V03Outcome =
  | { readonly kind: 'answer'; readonly value: unknown }
  | { readonly kind: 'stream'; readonly events: AsyncIterable<V03Event> };

export function isV03Method(method: string): method is V03Method {
  return Object.hasOwn(v03Methods, method);
}

/**
 * The A2A 0.3 JSON-RPC methods over the v1.0 operations: each request is read in its 0.3
 * shape (`kind` on messages and parts), run as the v1.0 operation of the same meaning on
 * the same task records and push configs, and answered in 0.3 shapes (lower-case states,
 * `final` on the last status update). Problems are the v1.0 protocol errors, which the
 * binding writes in 0.3's form.
 */
export async function dispatchV03(
  operations: V1Operations,
  method: string,
  params: unknown,
  identity: string,
): Promise<V03Outcome> {
  // A2A 0.3 has no tenants: its tasks are of no tenant.
  const caller: V1Caller = { identity, tenant: '' };
  if (!isV03Method(method))
    throw new V1ProtocolError(
      'MethodNotFound',
      // A2A 1.0 names its methods in PascalCase (SendMessage, ListTasks, …).
      /^[A-Z][A-Za-z]+$/.test(method)
        ? `'${method}' is an A2A 1.0 method, and this request is A2A 0.3 (no A2A-Version header means 0.3): send A2A-Version: 1.0 with it.`
        : `No A2A 0.3 method '${method}'. The methods are ${Object.keys(v03Methods).join(', ')}.`,
    );
  switch (method) {
    case 'message/send': {
      const answer: V1SendMessageResponse = await operations.sendMessage(await sendRequest(operations, params), caller);
      return { kind: 'answer', value: 'task' in answer ? v03TaskOf(answer.task) : v03MessageOf(answer.message) };
    }
    case 'message/stream': {
      const events = await operations.sendStreamingMessage(await sendRequest(operations, params), caller);
      return streamOf({ kind: 'stream', events });
    }
    case 'tasks/get': {
      const { id, historyLength } = v1Params(v03TaskQueryParamsSchema, params, 'params');
      const request = { id, ...(historyLength === undefined ? {} : { historyLength }) };
      return {
        kind: 'answer',
        value: v03TaskOf(answerOf<V1Task>(await dispatchV1(operations, 'GetTask', request, caller.identity))),
      };
    }
    case 'tasks/cancel': {
      const request = v1Params(v03TaskIdParamsSchema, params, 'params');
      return {
        kind: 'answer',
        value: v03TaskOf(answerOf<V1Task>(await dispatchV1(operations, 'CancelTask', request, caller.identity))),
      };
    }
    case 'tasks/resubscribe': {
      const { id } = v1Params(v03TaskIdParamsSchema, params, 'params');
      return streamOf(await dispatchV1(operations, 'SubscribeToTask', { id }, caller.identity));
    }
    case 'tasks/pushNotificationConfig/set':
      return { kind: 'answer', value: v03TaskPushConfigOf(await setPushConfig(operations, params, caller)) };
    case 'tasks/pushNotificationConfig/get': {
      const { id, pushNotificationConfigId } = v1Params(v03GetPushConfigParamsSchema, params, 'params');
      return {
        kind: 'answer',
        value: v03TaskPushConfigOf(await getPushConfig(operations, id, pushNotificationConfigId, caller)),
      };
    }
    case 'tasks/pushNotificationConfig/list': {
      const { id } = v1Params(v03TaskIdParamsSchema, params, 'params');
      return { kind: 'answer', value: (await allPushConfigs(operations, id, caller)).map(v03TaskPushConfigOf) };
    }
    case 'tasks/pushNotificationConfig/delete': {
      const { id, pushNotificationConfigId } = v1Params(v03DeletePushConfigParamsSchema, params, 'params');
      await dispatchV1(
        operations,
        'DeleteTaskPushNotificationConfig',
        { taskId: id, id: pushNotificationConfigId },
        caller.identity,
      );
      return { kind: 'answer', value: null };
    }
    case 'agent/getAuthenticatedExtendedCard': {
      const card = answerOf<Record<string, unknown>>(
        await dispatchV1(operations, 'GetExtendedAgentCard', {}, caller.identity),
      );
      const v03Card = v03AgentCardOf(card, { embedV1Interfaces: false });
      // Logged, answered as an internal error: the host's A2AExtendedCardService dropped the interface.
      if (v03Card === undefined)
        throw new Error(
          'The extended agent card lists no A2A 0.3 interface, so a 0.3 client cannot be given it: an A2AExtendedCardService keeps the supportedInterfaces of the card it is given.',
        );
      return { kind: 'answer', value: v03Card };
    }
  }
}

/**
 * The v1.0 request of a 0.3 send, checked as v1.0 checks one (its shape; its webhook, if
 * any, before a task is made). The operations get this very object: its webhook carries
 * the 0.3 mark (`sentOverV03`), which a copy would lose.
 */
async function sendRequest(operations: V1Operations, params: unknown): Promise<V1SendMessageRequest> {
  const request = v1SendRequestOfV03(v1Params(v03SendParamsSchema, params, 'params'));
  v1Params(v1SendMessageRequestSchema, request, 'params');
  const webhook = request.configuration?.taskPushNotificationConfig;
  if (webhook !== undefined) await pushOf(operations).checkForSend(webhook);
  return request;
}

/**
 * `tasks/pushNotificationConfig/set`: a config whose webhook gets 0.3 shapes. Without an
 * id, the config is the task's own (id = the task id), as 0.3 agents keep it: setting it
 * again replaces it, and `get` without a config id finds it.
 */
async function setPushConfig(
  operations: V1Operations,
  params: unknown,
  caller: V1Caller,
): Promise<V1TaskPushNotificationConfig> {
  const { taskId, pushNotificationConfig } = v1Params(v03TaskPushConfigSchema, params, 'params');
  const fields = v1PushFieldsOfV03(pushNotificationConfig);
  const request = v1Params(
    v1CreatePushConfigRequestSchema,
    { ...fields, id: fields.id ?? taskId, taskId },
    'params.pushNotificationConfig',
  );
  return pushOf(operations).create(request, caller, '0.3');
}

/** The config named, or without a name the task's own (id = task id), else its first. */
async function getPushConfig(
  operations: V1Operations,
  taskId: string,
  configId: string | undefined,
  caller: V1Caller,
): Promise<V1TaskPushNotificationConfig> {
  if (configId !== undefined && configId !== '')
    return answerOf(
      await dispatchV1(operations, 'GetTaskPushNotificationConfig', { taskId, id: configId }, caller.identity),
    );
  const configs = await allPushConfigs(operations, taskId, caller);
  const found = configs.find((config) => config.id === taskId) ?? configs[0];
  if (found === undefined)
    throw new V1ProtocolError(
      'TaskNotFound',
      `Task '${taskId}' has no push notification config; set one with tasks/pushNotificationConfig/set.`,
    );
  return found;
}

/** Every config of the task (0.3 lists them all at once; v1.0 in pages). */
async function allPushConfigs(
  operations: V1Operations,
  taskId: string,
  caller: V1Caller,
): Promise<V1TaskPushNotificationConfig[]> {
  const configs: V1TaskPushNotificationConfig[] = [];
  let pageToken = '';
  do {
    const page = answerOf<{ configs: V1TaskPushNotificationConfig[]; nextPageToken: string }>(
      await dispatchV1(
        operations,
        'ListTaskPushNotificationConfigs',
        { taskId, pageSize: 100, pageToken },
        caller.identity,
      ),
    );
    configs.push(...page.configs);
    pageToken = page.nextPageToken;
  } while (pageToken !== '');
  return configs;
}

function pushOf(operations: V1Operations) {
  const push = pushNotificationsOf(operations);
  if (push === undefined)
    throw new V1ProtocolError(
      'PushNotificationNotSupported',
      'This agent declares no push notifications (capabilities.pushNotifications is false; A2A:PushNotifications:Enabled).',
    );
  return push;
}

/** The answer of an operation that answers (the dispatch's contract says which do). */
function answerOf<T>(outcome: V1Outcome): T {
  if (outcome.kind !== 'answer') throw new V1ProtocolError('Internal', 'An operation that answers gave a stream.');
  return outcome.value as T;
}

function streamOf(outcome: V1Outcome): V03Outcome {
  if (outcome.kind !== 'stream') throw new V1ProtocolError('Internal', 'A streaming operation gave an answer.');
  const events: AsyncIterable<V1StreamResponse> = outcome.events;
  return {
    kind: 'stream',
    events: (async function* () {
      for await (const event of events) yield v03EventOf(event);
    })(),
  };
}
