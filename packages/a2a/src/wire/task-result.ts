import { z } from 'zod';
import { a2aTaskStatusSchema } from './task-status.js';

/**
 * The answer of `POST /a2a/tasks/send`, and the `data` of each `status` SSE event.
 *
 * @experimental SVCEXP001
 */
export const a2aTaskResultSchema = z.object({
  taskId: z.string(),
  status: a2aTaskStatusSchema,
  output: z.string().optional(),
  error: z.string().optional(),
  /** ISO 8601 UTC. */
  timestamp: z.string(),
});

/** @experimental SVCEXP001 */
export type A2ATaskResult = z.infer<typeof a2aTaskResultSchema>;
