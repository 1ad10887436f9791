// The scenarios of the official A2A TCK (branch 1.0-dev, scenarios/*.feature), as far as an
// Orkeon handler can play them: it answers text, fails by throwing, and asks its caller with
// task.requestInput. The TCK picks a scenario by the prefix of the message's messageId.
import { setTimeout as sleep } from 'node:timers/promises';
import type { A2ALocalHandler } from '@orkeon/a2a';

/** One TCK scenario and what this agent does for it. */
export type TckScenario =
  /** Completes the task; `text` is its artifact. `waitTimeouts` streaming time-outs pass first. */
  | { readonly prefix: string; readonly kind: 'complete'; readonly text: string; readonly waitTimeouts?: number }
  /** The TCK wants the task rejected; the agent fails it with `reason` (the server has no REJECTED). */
  | { readonly prefix: string; readonly kind: 'reject'; readonly reason: string }
  /** Asks the caller; the answer's own messageId picks what happens next. */
  | { readonly prefix: string; readonly kind: 'input-required'; readonly prompt: string }
  /** Needs what a handler cannot give (`needs`); the task fails saying so. */
  | { readonly prefix: string; readonly kind: 'not-servable'; readonly needs: string };

export const tckScenarios: readonly TckScenario[] = [
  { prefix: 'tck-complete-task', kind: 'complete', text: 'Hello from TCK' },
  { prefix: 'tck-delayed-complete', kind: 'complete', text: 'Done after delay', waitTimeouts: 1 },
  { prefix: 'tck-artifact-text', kind: 'complete', text: 'Generated text content' },
  { prefix: 'tck-artifact-file', kind: 'not-servable', needs: 'a file part (raw bytes, output.txt, text/plain)' },
  { prefix: 'tck-artifact-file-url', kind: 'not-servable', needs: 'a file part by URL (output.txt, text/plain)' },
  { prefix: 'tck-artifact-data', kind: 'not-servable', needs: 'a data part ({"key": "value", "count": 42})' },
  { prefix: 'tck-message-response', kind: 'not-servable', needs: 'a direct Message answer instead of a task' },
  { prefix: 'tck-input-required', kind: 'input-required', prompt: 'The TCK scenario asks for input.' },
  { prefix: 'tck-reject-task', kind: 'reject', reason: 'rejected' },
  { prefix: 'tck-stream-001', kind: 'complete', text: 'Stream hello from TCK' },
  { prefix: 'tck-stream-002', kind: 'complete', text: 'Stream completed' },
  { prefix: 'tck-stream-003', kind: 'complete', text: 'Stream task lifecycle' },
  { prefix: 'tck-stream-ordering-001', kind: 'complete', text: 'Ordered output' },
  { prefix: 'tck-stream-artifact-text', kind: 'complete', text: 'Streamed text content' },
  {
    prefix: 'tck-stream-artifact-file',
    kind: 'not-servable',
    needs: 'a file part (raw bytes, output.txt, text/plain)',
  },
  {
    prefix: 'tck-stream-artifact-chunked',
    kind: 'not-servable',
    needs: 'an artifact streamed in two chunks (append, lastChunk)',
  },
  { prefix: 'test-resubscribe-message-id', kind: 'complete', text: 'Long-running task done', waitTimeouts: 2 },
];

/** Longest prefix first, so `tck-artifact-file-url` is not taken for `tck-artifact-file`. */
const byLongestPrefix = [...tckScenarios].sort((a, b) => b.prefix.length - a.prefix.length);

/** The scenario a message id (or, on the seed dialect, a text) starts with; none: the default. */
export function scenarioOf(key: string): TckScenario | undefined {
  return byLongestPrefix.find((scenario) => key.startsWith(scenario.prefix));
}

export interface TckHandlerOptions {
  /** The TCK's streaming time-out, the unit of the slow scenarios' waits. */
  readonly streamingTimeoutMilliseconds: number;
}

/** The handler of the TCK agent: plays the scenario each message's id names. */
export function tckHandler(options: TckHandlerOptions): A2ALocalHandler {
  return async (request, signal, task) => {
    // An A2A v1.0 task's handler is told its message's id; the seed dialect has none: there the text names the scenario.
    const messageId = request.metadata?.messageId;
    let key = typeof messageId === 'string' && messageId !== '' ? messageId : request.input.trim();
    for (;;) {
      const scenario = scenarioOf(key);
      if (scenario === undefined) return `No TCK scenario for '${key}'; the task is completed.`;
      switch (scenario.kind) {
        case 'complete':
          if (scenario.waitTimeouts !== undefined)
            await sleep(scenario.waitTimeouts * options.streamingTimeoutMilliseconds, undefined, { signal });
          return scenario.text;
        case 'reject':
          throw new Error(scenario.reason);
        case 'not-servable':
          throw new Error(
            `TCK scenario '${scenario.prefix}' needs ${scenario.needs}, which an Orkeon handler cannot give: it answers text, which becomes the task's artifact.`,
          );
        case 'input-required': {
          if (task?.requestInput === undefined)
            throw new Error(`TCK scenario '${scenario.prefix}' asks for input, which only an A2A v1.0 task can do.`);
          const answer = await task.requestInput(scenario.prompt, signal);
          if (!answer.answered) throw new Error(`No answer came: ${answer.reason}.`);
          // The answer's id picks the next step.
          key = answer.messageId ?? answer.value.trim();
        }
      }
    }
  };
}
