import { z } from 'zod';
import type {
  V1Artifact,
  V1StreamResponse,
  V1Task,
  V1TaskArtifactUpdateEvent,
  V1TaskStatus,
  V1TaskStatusUpdateEvent,
} from '../wire/task.js';
import { isInterruptedV1State, isTerminalV1State } from '../wire/task-state.js';
import {
  type V03Message,
  v1MessageOfV03,
  v1PartOfV03,
  v03MessageOf,
  v03MessageSchema,
  v03PartOf,
  v03PartSchema,
} from './v03-message.js';
import { v1StateOfV03, v03StateOf, v03TaskStateSchema } from './v03-task-state.js';

const metadataSchema = z.record(z.string(), z.unknown());

export const v03TaskStatusSchema = z.object({
  state: v03TaskStateSchema,
  message: v03MessageSchema.optional(),
  timestamp: z.string().optional(),
});

/** @experimental SVCEXP001 */
export type V03TaskStatus = z.infer<typeof v03TaskStatusSchema>;

export const v03ArtifactSchema = z.object({
  artifactId: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  parts: z.array(v03PartSchema).min(1, 'an artifact has at least one part'),
  metadata: metadataSchema.optional(),
  extensions: z.array(z.string()).optional(),
});

/** @experimental SVCEXP001 */
export type V03Artifact = z.infer<typeof v03ArtifactSchema>;

/** A 0.3 task (`kind: "task"`). */
export const v03TaskSchema = z.object({
  kind: z.literal('task'),
  id: z.string(),
  contextId: z.string(),
  status: v03TaskStatusSchema,
  history: z.array(v03MessageSchema).optional(),
  artifacts: z.array(v03ArtifactSchema).optional(),
  metadata: metadataSchema.optional(),
});

/** @experimental SVCEXP001 */
export type V03Task = z.infer<typeof v03TaskSchema>;

/** A 0.3 status update: `final` is true on the last event of a stream. */
export const v03StatusUpdateSchema = z.object({
  kind: z.literal('status-update'),
  taskId: z.string(),
  contextId: z.string(),
  status: v03TaskStatusSchema,
  final: z.boolean(),
  metadata: metadataSchema.exactOptional(),
});

export const v03ArtifactUpdateSchema = z.object({
  kind: z.literal('artifact-update'),
  taskId: z.string(),
  contextId: z.string(),
  artifact: v03ArtifactSchema,
  append: z.boolean().exactOptional(),
  lastChunk: z.boolean().exactOptional(),
  metadata: metadataSchema.exactOptional(),
});

/** One event of a 0.3 stream (and the body of a 0.3 webhook call): a task, a message or an update. */
export const v03EventSchema = z.discriminatedUnion(
  'kind',
  [v03TaskSchema, v03MessageSchema, v03StatusUpdateSchema, v03ArtifactUpdateSchema],
  { error: 'an event has kind task, message, status-update or artifact-update' },
);

/** @experimental SVCEXP001 */
export type V03Event = z.infer<typeof v03EventSchema>;

/** What `message/send` answers: the task, or the agent's own message. */
export const v03SendResultSchema = z.discriminatedUnion('kind', [v03TaskSchema, v03MessageSchema], {
  error: 'the result has kind task or message',
});

function v03StatusOf(status: V1TaskStatus): V03TaskStatus {
  return {
    state: v03StateOf(status.state),
    ...(status.message === undefined ? {} : { message: v03MessageOf(status.message) }),
    ...(status.timestamp === undefined || status.timestamp === '' ? {} : { timestamp: status.timestamp }),
  };
}

function v1StatusOfV03(status: V03TaskStatus): V1TaskStatus {
  return {
    state: v1StateOfV03(status.state),
    ...(status.message === undefined ? {} : { message: v1MessageOfV03(status.message) }),
    ...(status.timestamp === undefined ? {} : { timestamp: status.timestamp }),
  };
}

function v03ArtifactOf(artifact: V1Artifact): V03Artifact {
  const { parts, extensions, ...rest } = artifact;
  return {
    ...rest,
    parts: parts.map(v03PartOf),
    ...(extensions === undefined || extensions.length === 0 ? {} : { extensions }),
  };
}

function v1ArtifactOfV03(artifact: V03Artifact): V1Artifact {
  return { ...artifact, parts: artifact.parts.map(v1PartOfV03) };
}

/** A v1.0 task as 0.3 writes it: `kind: "task"`, lower-case states, 0.3 parts; empty lists left out. */
export function v03TaskOf(task: V1Task): V03Task {
  const { status, history, artifacts, ...rest } = task;
  return {
    kind: 'task',
    ...rest,
    status: v03StatusOf(status),
    ...(history === undefined || history.length === 0 ? {} : { history: history.map(v03MessageOf) }),
    ...(artifacts === undefined || artifacts.length === 0 ? {} : { artifacts: artifacts.map(v03ArtifactOf) }),
  };
}

/** A 0.3 task as v1.0 writes it. */
export function v1TaskOfV03(task: V03Task): V1Task {
  const { kind: _kind, status, history, artifacts, ...rest } = task;
  return {
    ...rest,
    status: v1StatusOfV03(status),
    ...(history === undefined ? {} : { history: history.map(v1MessageOfV03) }),
    ...(artifacts === undefined ? {} : { artifacts: artifacts.map(v1ArtifactOfV03) }),
  };
}

/**
 * A v1.0 stream event as 0.3 writes it. A status update is `final` when its state ends
 * the stream: a terminal state, or one that waits for the client (`input-required`,
 * `auth-required`), where this server's streams stop.
 */
export function v03EventOf(event: V1StreamResponse): V03Event {
  if ('task' in event) return v03TaskOf(event.task);
  if ('message' in event) return v03MessageOf(event.message);
  if ('statusUpdate' in event) {
    const { status, ...update } = event.statusUpdate;
    return {
      kind: 'status-update',
      ...update,
      status: v03StatusOf(status),
      final: isTerminalV1State(status.state) || isInterruptedV1State(status.state),
    };
  }
  const { artifact, ...update } = event.artifactUpdate;
  return { kind: 'artifact-update', ...update, artifact: v03ArtifactOf(artifact) };
}

/** A 0.3 stream event as v1.0 writes it (`final` has no v1.0 counterpart: a v1.0 stream ends by closing). */
export function v1EventOfV03(event: V03Event): V1StreamResponse {
  switch (event.kind) {
    case 'task':
      return { task: v1TaskOfV03(event) };
    case 'message':
      return { message: v1MessageOfV03(event) };
    case 'status-update': {
      const { kind: _kind, final: _final, status, ...update } = event;
      return { statusUpdate: { ...update, status: v1StatusOfV03(status) } satisfies V1TaskStatusUpdateEvent };
    }
    case 'artifact-update': {
      const { kind: _kind, artifact, ...update } = event;
      return { artifactUpdate: { ...update, artifact: v1ArtifactOfV03(artifact) } satisfies V1TaskArtifactUpdateEvent };
    }
  }
}

/** What `message/send` answers, as v1.0's `SendMessageResponse`. */
export function v1SendResultOfV03(
  result: V03Task | V03Message,
): { task: V1Task } | { message: ReturnType<typeof v1MessageOfV03> } {
  return result.kind === 'task' ? { task: v1TaskOfV03(result) } : { message: v1MessageOfV03(result) };
}
