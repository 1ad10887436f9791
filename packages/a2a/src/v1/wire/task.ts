import { z } from 'zod';
import { v1MessageSchema, v1PartSchema } from './message.js';
import { v1TaskStateSchema } from './task-state.js';

const metadataSchema = z.record(z.string(), z.unknown());

/** `lf.a2a.v1.TaskStatus`: the state, the agent's message about it, and when (ISO 8601, UTC). */
export const v1TaskStatusSchema = z.object({
  state: v1TaskStateSchema,
  message: v1MessageSchema.optional(),
  timestamp: z.string().optional(),
});

/** @experimental SVCEXP001 */
export type V1TaskStatus = z.infer<typeof v1TaskStatusSchema>;

/** `lf.a2a.v1.Artifact`: what the task produced, as parts. */
export const v1ArtifactSchema = z.object({
  artifactId: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  parts: z.array(v1PartSchema).min(1),
  metadata: metadataSchema.optional(),
  extensions: z.array(z.string()).optional(),
});

/** @experimental SVCEXP001 */
export type V1Artifact = z.infer<typeof v1ArtifactSchema>;

/** `lf.a2a.v1.Task`. */
export const v1TaskSchema = z.object({
  id: z.string(),
  contextId: z.string(),
  status: v1TaskStatusSchema,
  artifacts: z.array(v1ArtifactSchema).optional(),
  history: z.array(v1MessageSchema).optional(),
  metadata: metadataSchema.optional(),
});

/** @experimental SVCEXP001 */
export type V1Task = z.infer<typeof v1TaskSchema>;

/** `lf.a2a.v1.TaskStatusUpdateEvent`. */
export interface V1TaskStatusUpdateEvent {
  readonly taskId: string;
  readonly contextId: string;
  readonly status: V1TaskStatus;
  readonly metadata?: Record<string, unknown>;
}

/** `lf.a2a.v1.TaskArtifactUpdateEvent`. */
export interface V1TaskArtifactUpdateEvent {
  readonly taskId: string;
  readonly contextId: string;
  readonly artifact: V1Artifact;
  readonly append?: boolean;
  readonly lastChunk?: boolean;
  readonly metadata?: Record<string, unknown>;
}

/** `lf.a2a.v1.StreamResponse`: one event of a stream, exactly one member set. */
export type V1StreamResponse =
  | { readonly task: V1Task }
  | { readonly message: z.infer<typeof v1MessageSchema> }
  | { readonly statusUpdate: V1TaskStatusUpdateEvent }
  | { readonly artifactUpdate: V1TaskArtifactUpdateEvent };

/** `lf.a2a.v1.SendMessageResponse`: the task, or a direct message. */
export type V1SendMessageResponse = { readonly task: V1Task } | { readonly message: z.infer<typeof v1MessageSchema> };
