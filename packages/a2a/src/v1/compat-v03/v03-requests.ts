import { z } from 'zod';
import { sentOverV03, v1SendPushConfigSchema } from '../push/push-config.js';
import type { V1SendMessageRequest } from '../wire/requests.js';
import { v1MessageOfV03, v03MessageOf, v03MessageSchema } from './v03-message.js';
import { v1PushFieldsOfV03, v03PushConfigSchema } from './v03-push-config.js';

const metadataSchema = z.record(z.string(), z.unknown());
const taskId = z.string({ error: 'id names the task: a string' }).min(1, 'id names the task');
const historyLength = z.int('historyLength is a whole number').min(0, 'historyLength is 0 or more').optional();

/** `MessageSendParams` of `message/send` and `message/stream`. */
export const v03SendParamsSchema = z.object({
  message: v03MessageSchema,
  configuration: z
    .object({
      acceptedOutputModes: z.array(z.string()).optional(),
      blocking: z.boolean().optional(),
      historyLength,
      pushNotificationConfig: v03PushConfigSchema.optional(),
    })
    .optional(),
  metadata: metadataSchema.optional(),
});

/** @experimental SVCEXP001 */
export type V03SendParams = z.infer<typeof v03SendParamsSchema>;

/** `TaskQueryParams` of `tasks/get`. */
export const v03TaskQueryParamsSchema = z.object({ id: taskId, historyLength, metadata: metadataSchema.optional() });

/** `TaskIdParams` of `tasks/cancel`, `tasks/resubscribe` and `tasks/pushNotificationConfig/list`. */
export const v03TaskIdParamsSchema = z.object({ id: taskId, metadata: metadataSchema.optional() });

/** `tasks/pushNotificationConfig/get`: the config named, or (0.3's older form) the task's own. */
export const v03GetPushConfigParamsSchema = z.object({
  id: taskId,
  pushNotificationConfigId: z.string().optional(),
  metadata: metadataSchema.optional(),
});

/** `tasks/pushNotificationConfig/delete`. */
export const v03DeletePushConfigParamsSchema = z.object({
  id: taskId,
  pushNotificationConfigId: z
    .string({ error: 'pushNotificationConfigId names the config' })
    .min(1, 'pushNotificationConfigId names the config'),
  metadata: metadataSchema.optional(),
});

/**
 * `MessageSendParams` as v1.0's `SendMessageRequest`. 0.3 does not block unless
 * `configuration.blocking` is true, where v1.0 blocks unless `returnImmediately` is true.
 * A webhook given with the message keeps 0.3 shapes (`sentOverV03`).
 */
export function v1SendRequestOfV03(params: V03SendParams): V1SendMessageRequest {
  const configuration = params.configuration;
  const webhook = configuration?.pushNotificationConfig;
  return {
    message: v1MessageOfV03(params.message),
    configuration: {
      returnImmediately: configuration?.blocking !== true,
      ...(configuration?.acceptedOutputModes === undefined
        ? {}
        : { acceptedOutputModes: configuration.acceptedOutputModes }),
      ...(configuration?.historyLength === undefined ? {} : { historyLength: configuration.historyLength }),
      ...(webhook === undefined ? {} : { taskPushNotificationConfig: sentOverV03(v1PushFieldsOfV03(webhook)) }),
    },
    ...(params.metadata === undefined ? {} : { metadata: params.metadata }),
  };
}

/**
 * v1.0's `SendMessageRequest` as 0.3's `MessageSendParams`, for a 0.3 agent: `blocking`
 * is always written (v1.0 blocks unless `returnImmediately`, 0.3 agents differ on what an
 * absent `blocking` means), the webhook as 0.3's `pushNotificationConfig`. `tenant` has no
 * 0.3 counterpart and is the caller's to refuse.
 */
export function v03SendParamsOf(request: V1SendMessageRequest): V03SendParams {
  const configuration = request.configuration;
  const webhook =
    configuration?.taskPushNotificationConfig === undefined
      ? undefined
      : v1SendPushConfigSchema.parse(configuration.taskPushNotificationConfig);
  return {
    message: v03MessageOf(request.message),
    configuration: {
      blocking: configuration?.returnImmediately !== true,
      ...(configuration?.acceptedOutputModes === undefined
        ? {}
        : { acceptedOutputModes: configuration.acceptedOutputModes }),
      ...(configuration?.historyLength === undefined ? {} : { historyLength: configuration.historyLength }),
      ...(webhook === undefined
        ? {}
        : {
            pushNotificationConfig: {
              url: webhook.url,
              ...(webhook.id === undefined || webhook.id === '' ? {} : { id: webhook.id }),
              ...(webhook.token === undefined ? {} : { token: webhook.token }),
              ...(webhook.authentication === undefined
                ? {}
                : {
                    authentication: {
                      schemes: [webhook.authentication.scheme],
                      credentials: webhook.authentication.credentials,
                    },
                  }),
            },
          }),
    },
    ...(request.metadata === undefined ? {} : { metadata: request.metadata }),
  };
}
