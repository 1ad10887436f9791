import { z } from 'zod';
import { v1MessageSchema } from './message.js';
import { v1TaskStateSchema } from './task-state.js';

const tenant = z.string().optional();
const historyLength = z.int().min(0, 'historyLength is 0 or more').optional();

/** `lf.a2a.v1.SendMessageConfiguration`. */
export const v1SendMessageConfigurationSchema = z.object({
  acceptedOutputModes: z.array(z.string()).optional(),
  taskPushNotificationConfig: z.unknown().optional(),
  historyLength,
  returnImmediately: z.boolean().optional(),
});

/** `SendMessage` and `SendStreamingMessage`. */
export const v1SendMessageRequestSchema = z.object({
  tenant,
  message: v1MessageSchema,
  configuration: v1SendMessageConfigurationSchema.optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** @experimental SVCEXP001 */
export type V1SendMessageRequest = z.infer<typeof v1SendMessageRequestSchema>;

export const v1GetTaskRequestSchema = z.object({ tenant, id: z.string().min(1, 'id names the task'), historyLength });
export type V1GetTaskRequest = z.infer<typeof v1GetTaskRequestSchema>;

export const v1TaskIdRequestSchema = z.object({
  tenant,
  id: z.string().min(1, 'id names the task'),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type V1TaskIdRequest = z.infer<typeof v1TaskIdRequestSchema>;

/** The largest and the default `pageSize` of `ListTasks`. */
export const v1ListTasksPageSize = { maximum: 100, default: 50 } as const;

export const v1ListTasksRequestSchema = z.object({
  tenant,
  contextId: z.string().optional(),
  status: v1TaskStateSchema.optional(),
  pageSize: z
    .int()
    .min(1, `pageSize is from 1 to ${v1ListTasksPageSize.maximum}`)
    .max(v1ListTasksPageSize.maximum, `pageSize is from 1 to ${v1ListTasksPageSize.maximum}`)
    .optional(),
  pageToken: z.string().optional(),
  historyLength,
  statusTimestampAfter: z.iso.datetime({ offset: true }).optional(),
  includeArtifacts: z.boolean().optional(),
});

/** @experimental SVCEXP001 */
export type V1ListTasksRequest = z.infer<typeof v1ListTasksRequestSchema>;
