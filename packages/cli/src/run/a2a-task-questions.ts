import type { A2AInputAnswer } from '@orkeon/a2a';
import type { HumanInputAnswer, HumanInputChannel, HumanInputRequest } from '@orkeon/core';

type RequestInput = (prompt: string, signal?: AbortSignal) => Promise<A2AInputAnswer>;

/**
 * The human-input channel of `orkeon serve`: an agent's `human_input` question goes to
 * the A2A caller of the task it works on (found by the task id in the caller identity),
 * which then waits in `INPUT_REQUIRED` until the caller answers. Only A2A v1.0 tasks can
 * ask; a permission ask is never put to a remote caller (the gate then denies the call).
 */
export class A2ATaskQuestions implements HumanInputChannel {
  readonly #tasks = new Map<string, RequestInput>();

  /** While the returned function is not called, questions of task `taskId` go to `requestInput`. */
  register(taskId: string, requestInput: RequestInput): () => void {
    this.#tasks.set(taskId, requestInput);
    return () => {
      if (this.#tasks.get(taskId) === requestInput) this.#tasks.delete(taskId);
    };
  }

  async ask(request: HumanInputRequest, signal?: AbortSignal): Promise<HumanInputAnswer> {
    if (request.source !== 'tool') return { answered: false, reason: 'a permission ask is never put to an A2A caller' };
    const taskId = request.caller.task;
    const requestInput = taskId === undefined ? undefined : this.#tasks.get(taskId);
    if (requestInput === undefined)
      return {
        answered: false,
        reason:
          'this task cannot ask its caller (only A2A v1.0 tasks can; the seed dialect has no input-required state)',
      };
    return requestInput(questionText(request), signal);
  }
}

function questionText(request: HumanInputRequest): string {
  if (request.kind === 'approval') return `${request.prompt} (answer yes or no)`;
  if (request.kind === 'choice') return `${request.prompt} (answer one of: ${(request.choices ?? []).join(', ')})`;
  return request.prompt;
}
