import type { z } from 'zod';
import { A2A_TASK_ID_PATTERN, type A2ATaskRequest, a2aTaskRequestSchema } from '../wire/task-request.js';

export type Validated<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly body: { readonly error: string; readonly [detail: string]: unknown } };

const allowedFields = Object.keys(a2aTaskRequestSchema.shape);

/** Checks a parsed body against `A2ATaskRequest`, naming every offending field. */
export function validateTaskRequest(body: unknown): Validated<A2ATaskRequest> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      body: {
        error:
          'The request body must be a JSON object such as {"skillId":"<skill id>","input":"<text>"}; send it with Content-Type: application/json.',
      },
    };
  }
  const result = a2aTaskRequestSchema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const problems = result.error.issues.map((issue) => describeIssue(issue, body as Record<string, unknown>));
  return {
    ok: false,
    body: {
      error: `Invalid task request: ${problems.map((problem) => problem.message).join(' ')}`,
      fields: [...new Set(problems.flatMap((problem) => problem.fields))],
    },
  };
}

function describeIssue(issue: z.core.$ZodIssue, body: Record<string, unknown>): { fields: string[]; message: string } {
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => `'${key}'`).join(', ');
    return {
      fields: [...issue.keys],
      message: `Unknown field(s) ${names}: remove them (allowed fields: ${allowedFields.join(', ')}).`,
    };
  }
  const field = issue.path.map(String).join('.');
  const topLevel = issue.path[0];
  if (issue.path.length === 1 && typeof topLevel === 'string' && body[topLevel] === undefined) {
    return { fields: [field], message: `Field '${field}' is required (a string).` };
  }
  if (issue.code === 'invalid_type') {
    return { fields: [field], message: `Field '${field}' must be of type ${issue.expected}.` };
  }
  return { fields: [field], message: `Field '${field}' ${issue.message}.` };
}

/** Checks a task id taken from the path. */
export function isValidTaskId(taskId: string): boolean {
  return A2A_TASK_ID_PATTERN.test(taskId);
}
