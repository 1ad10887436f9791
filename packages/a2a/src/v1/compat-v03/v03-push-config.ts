import { z } from 'zod';
import type { V1TaskPushNotificationConfig } from '../push/push-config.js';

/** `PushNotificationAuthenticationInfo` of 0.3: the schemes the webhook takes, and the credentials for them. */
const v03AuthenticationSchema = z.object({
  schemes: z.array(z.string(), { error: 'authentication.schemes is a list of schemes, e.g. ["Bearer"]' }),
  credentials: z.string().optional(),
});

/** `PushNotificationConfig` of 0.3 (the webhook; `id` optional). */
export const v03PushConfigSchema = z.object({
  id: z.string().optional(),
  url: z.string({ error: 'url is required: the webhook that receives the events' }),
  token: z.string().optional(),
  authentication: v03AuthenticationSchema.optional(),
});

/** @experimental SVCEXP001 */
export type V03PushConfig = z.infer<typeof v03PushConfigSchema>;

/** `TaskPushNotificationConfig` of 0.3: the task and its webhook. */
export const v03TaskPushConfigSchema = z.object({
  taskId: z.string({ error: 'taskId names the task' }).min(1, 'taskId names the task'),
  pushNotificationConfig: v03PushConfigSchema,
});

/** @experimental SVCEXP001 */
export type V03TaskPushConfig = z.infer<typeof v03TaskPushConfigSchema>;

/**
 * A 0.3 webhook as a v1.0 config: the first of `authentication.schemes` with the
 * credentials (v1.0 holds one scheme; without credentials there is nothing to send, so
 * none is kept), and `id` as given (the caller decides what an absent one becomes).
 */
export function v1PushFieldsOfV03(config: V03PushConfig): {
  id?: string;
  url: string;
  token?: string;
  authentication?: { scheme: string; credentials: string };
} {
  const scheme = config.authentication?.schemes[0];
  const credentials = config.authentication?.credentials;
  return {
    ...(config.id === undefined || config.id === '' ? {} : { id: config.id }),
    url: config.url,
    ...(config.token === undefined || config.token === '' ? {} : { token: config.token }),
    ...(scheme === undefined || credentials === undefined || credentials === ''
      ? {}
      : { authentication: { scheme, credentials } }),
  };
}

/** A stored config as 0.3 answers it: `{ taskId, pushNotificationConfig }`. */
export function v03TaskPushConfigOf(config: V1TaskPushNotificationConfig): V03TaskPushConfig {
  return {
    taskId: config.taskId,
    pushNotificationConfig: {
      id: config.id,
      url: config.url,
      ...(config.token === undefined ? {} : { token: config.token }),
      ...(config.authentication === undefined
        ? {}
        : {
            authentication: {
              schemes: [config.authentication.scheme],
              credentials: config.authentication.credentials,
            },
          }),
    },
  };
}
