import { z } from 'zod';

/** Task ids and config ids: the characters of a URL path segment and a store key, without `/`. */
const idPattern = /^[A-Za-z0-9._:-]{1,200}$/;
/** An HTTP authentication scheme is an RFC 9110 token. */
const schemePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;
/** What a header value may hold: no control characters (CR or LF would end the header). */
function isHeaderSafe(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

const tenant = z.string().optional();
const taskId = z.string({ error: 'taskId names the task: a string' }).min(1, 'taskId names the task');
const configId = z.string().regex(idPattern, 'id is 1 to 200 letters, digits, ".", "_", ":" or "-"');

/** `lf.a2a.v1.AuthenticationInfo`: sent as `Authorization: <scheme> <credentials>`. */
export const v1AuthenticationInfoSchema = z.object({
  scheme: z.string().regex(schemePattern, 'authentication.scheme is an HTTP authentication scheme such as Bearer'),
  credentials: z
    .string()
    .min(1, 'authentication.credentials is required with a scheme')
    .max(8192, 'authentication.credentials is at most 8192 characters')
    .refine(isHeaderSafe, 'authentication.credentials holds no control characters'),
});

/** The fields a client gives (ProtoJSON of `lf.a2a.v1.TaskPushNotificationConfig`); `""` counts as absent. */
const configFields = {
  tenant,
  id: z.union([z.literal(''), configId]).optional(),
  url: z
    .string({ error: 'url is required: the webhook that receives the events' })
    .min(1, 'url is required: the webhook that receives the events')
    .max(2048, 'url is at most 2048 characters'),
  token: z
    .string()
    .max(4096, 'token is at most 4096 characters')
    .refine(isHeaderSafe, 'token holds no control characters')
    .optional(),
  authentication: v1AuthenticationInfoSchema.optional(),
};

/** `CreateTaskPushNotificationConfig`: a config for the task `taskId`. */
export const v1CreatePushConfigRequestSchema = z.object({ taskId, ...configFields });

/** `configuration.taskPushNotificationConfig` of `SendMessage`: the task does not exist yet. */
export const v1SendPushConfigSchema = z.object({ ...configFields, taskId: z.string().optional() });

/** @experimental SVCEXP001 */
export type V1CreatePushConfigRequest = z.infer<typeof v1CreatePushConfigRequestSchema>;

/** A push notification config as stored and answered: the id is always set (server-made when not given). */
export interface V1TaskPushNotificationConfig {
  readonly id: string;
  readonly taskId: string;
  readonly url: string;
  readonly token?: string;
  readonly authentication?: { readonly scheme: string; readonly credentials: string };
  /** `0.3` for a config made over A2A 0.3: its webhook gets 0.3 shapes. Stored, never answered. */
  readonly protocolVersion?: '0.3';
}

const v03Sent = Symbol('sent over A2A 0.3');

/**
 * Marks the webhook of a send that came over A2A 0.3 (its task does not exist yet), so the
 * config made of it gets 0.3 shapes. A symbol: no JSON body can carry the mark.
 */
export function sentOverV03<T extends object>(config: T): T {
  return Object.defineProperty(config, v03Sent, { value: true, enumerable: false });
}

/** Whether `sentOverV03` marked `config`. */
export function isSentOverV03(config: unknown): boolean {
  return typeof config === 'object' && config !== null && (config as { [v03Sent]?: unknown })[v03Sent] === true;
}

/** The stored shape, to read documents back. */
export const v1TaskPushNotificationConfigSchema = z.object({
  id: configId,
  taskId,
  url: z.string().min(1),
  token: z.string().optional(),
  authentication: v1AuthenticationInfoSchema.optional(),
  protocolVersion: z.literal('0.3').optional(),
});

/** `GetTaskPushNotificationConfig` and `DeleteTaskPushNotificationConfig`. */
export const v1PushConfigIdRequestSchema = z.object({
  tenant,
  taskId,
  id: z.string({ error: 'id names the config: a string' }).min(1, 'id names the config'),
});

/** @experimental SVCEXP001 */
export type V1PushConfigIdRequest = z.infer<typeof v1PushConfigIdRequestSchema>;

/** The largest and the default `pageSize` of `ListTaskPushNotificationConfigs`. */
export const v1ListPushConfigsPageSize = { maximum: 100, default: 50 } as const;

/** `ListTaskPushNotificationConfigs`. */
export const v1ListPushConfigsRequestSchema = z.object({
  tenant,
  taskId,
  pageSize: z
    .int()
    .min(0, `pageSize is from 1 to ${v1ListPushConfigsPageSize.maximum}`)
    .max(v1ListPushConfigsPageSize.maximum, `pageSize is from 1 to ${v1ListPushConfigsPageSize.maximum}`)
    .optional(),
  pageToken: z.string().optional(),
});

/** @experimental SVCEXP001 */
export type V1ListPushConfigsRequest = z.infer<typeof v1ListPushConfigsRequestSchema>;

/** `ListTaskPushNotificationConfigsResponse`: one page, ordered by config id. */
export interface V1ListPushConfigsResponse {
  readonly configs: V1TaskPushNotificationConfig[];
  /** `""` on the last page. */
  readonly nextPageToken: string;
}

/** Whether `id` can name a task or a config (and so be part of a store key). */
export function isPushKeyPart(id: string): boolean {
  return idPattern.test(id);
}
