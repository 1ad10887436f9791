import { z } from 'zod';

/** Characters allowed in a task id: letters, digits and `._:-`, 1 to 200 of them. */
export const A2A_TASK_ID_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;

/** A metadata value: a scalar JSON value. */
export const a2aMetadataValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * The task submission body of `POST /a2a/tasks/send` and `/a2a/tasks/sendSubscribe`.
 * Strict: an unknown field is refused.
 *
 * @experimental SVCEXP001
 */
export const a2aTaskRequestSchema = z.strictObject({
  id: z
    .string()
    .regex(A2A_TASK_ID_PATTERN, 'must be 1 to 200 characters of letters, digits, ".", "_", ":" or "-"')
    .optional(),
  skillId: z.string().min(1, 'must be a non-empty string'),
  input: z.string(),
  inputMode: z.string().min(1).optional(),
  metadata: z.record(z.string(), a2aMetadataValueSchema).optional(),
});

/** @experimental SVCEXP001 */
export type A2ATaskRequest = z.infer<typeof a2aTaskRequestSchema>;

/** The default MIME hint of `input` when a submission names none. */
export const A2A_DEFAULT_INPUT_MODE = 'text/plain';
