import { z } from 'zod';
import { a2aTaskStatusSchema } from './task-status.js';

/**
 * The persisted task record, answered by `GET /a2a/tasks/{id}` when task persistence is on.
 *
 * @experimental SVCEXP001
 */
export const a2aTaskRecordSchema = z.object({
  taskId: z.string(),
  skillId: z.string(),
  status: a2aTaskStatusSchema,
  output: z.string().optional(),
  error: z.string().optional(),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  /** ISO 8601 UTC. */
  updatedAt: z.string(),
});

/** @experimental SVCEXP001 */
export type A2ATaskRecord = z.infer<typeof a2aTaskRecordSchema>;
