import { z } from 'zod';
import { v1MessageSchema } from '../../v1/wire/message.js';
import { v1ArtifactSchema, v1TaskSchema, v1TaskStatusSchema } from '../../v1/wire/task.js';

// What a v1.0 agent answers, checked on arrival. A oneof (`task` | `message` | …) must
// carry exactly one member, so each variant is strict about its envelope. Optional
// fields are exact so that the events are the wire's `V1StreamResponse`.

const metadataSchema = z.record(z.string(), z.unknown());

const statusUpdateSchema = z.object({
  taskId: z.string(),
  contextId: z.string(),
  status: v1TaskStatusSchema,
  metadata: metadataSchema.exactOptional(),
});

const artifactUpdateSchema = z.object({
  taskId: z.string(),
  contextId: z.string(),
  artifact: v1ArtifactSchema,
  append: z.boolean().exactOptional(),
  lastChunk: z.boolean().exactOptional(),
  metadata: metadataSchema.exactOptional(),
});

/** `lf.a2a.v1.SendMessageResponse`. */
export const sendMessageAnswerSchema = z.union([
  z.strictObject({ task: v1TaskSchema }),
  z.strictObject({ message: v1MessageSchema }),
]);

/** `lf.a2a.v1.StreamResponse`: one event of a stream. */
export const streamAnswerSchema = z.union([
  z.strictObject({ task: v1TaskSchema }),
  z.strictObject({ message: v1MessageSchema }),
  z.strictObject({ statusUpdate: statusUpdateSchema }),
  z.strictObject({ artifactUpdate: artifactUpdateSchema }),
]);

/** `lf.a2a.v1.ListTasksResponse`; ProtoJSON may leave out the empty token and zero counts. */
export const listTasksAnswerSchema = z.object({
  tasks: z.array(v1TaskSchema).default([]),
  nextPageToken: z.string().default(''),
  pageSize: z.int().min(0).default(0),
  totalSize: z.int().min(0).default(0),
});

/**
 * One page of `listTasks`: the tasks, newest status first, and the token of the next
 * page (`''` on the last one).
 *
 * @experimental SVCEXP001
 */
export type A2AV1TaskPage = z.infer<typeof listTasksAnswerSchema>;
