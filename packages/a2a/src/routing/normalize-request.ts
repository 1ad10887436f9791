import type { NormalizedA2ATaskRequest } from '../registration/agent-registration.js';
import { timeOrderedId } from '../server/time-ordered-id.js';
import { A2A_DEFAULT_INPUT_MODE, type A2ATaskRequest } from '../wire/task-request.js';

/** Fills the defaults of a submission: a time-ordered UUID id and the `text/plain` input mode. */
export function normalizeA2ATaskRequest(request: A2ATaskRequest): NormalizedA2ATaskRequest {
  return { ...request, id: request.id ?? timeOrderedId(), inputMode: request.inputMode ?? A2A_DEFAULT_INPUT_MODE };
}
