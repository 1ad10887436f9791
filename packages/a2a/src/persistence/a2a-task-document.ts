import { createHash } from 'node:crypto';
import { OrkeonError } from '@orkeon/core';
import { a2aTaskDocumentCollection, assertValidDocumentKey } from '@orkeon/core/stores';
import { type A2ATaskRecord, a2aTaskRecordSchema } from '../wire/task-record.js';
import { UnreadableA2ATaskRecordError } from './persistence-errors.js';

/** The document-store collection of A2A task records. */
export const a2aTaskCollection = a2aTaskDocumentCollection;

/** What is stored: the record with the format it was written in. */
export type A2ATaskDocument = { readonly format: 1 } & A2ATaskRecord;

/**
 * The document key of a task: its id, or, for an id no store can key (over 1024
 * characters, a NUL, a lone surrogate), `sha256.<hex digest>`.
 */
export function a2aTaskDocumentKey(taskId: string): string {
  try {
    assertValidDocumentKey(taskId);
    return taskId;
  } catch (error) {
    if (!OrkeonError.isInstance(error)) throw error;
    return `sha256.${createHash('sha256').update(taskId).digest('hex')}`;
  }
}

export function toTaskDocument(record: A2ATaskRecord): A2ATaskDocument {
  return { format: 1, ...record };
}

export function fromTaskDocument(key: string, value: unknown): A2ATaskRecord {
  const result = a2aTaskRecordSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UnreadableA2ATaskRecordError(
      key,
      `field '${issue?.path.join('.') ?? ''}' ${issue?.message ?? 'is invalid'}`,
    );
  }
  return result.data;
}
