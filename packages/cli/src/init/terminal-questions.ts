import { createInterface } from 'node:readline/promises';
import type { AskQuestion } from './model-prompt.js';

/** Questions asked on a terminal; `close` gives the terminal back (call it when done). */
export interface TerminalQuestions {
  readonly ask: AskQuestion;
  close(): void;
}

/**
 * Asks on `input` and `output` (a person's terminal) with node:readline/promises: line editing,
 * and `undefined` once the input ends (Ctrl+D). Ctrl+C, which the terminal's raw mode hands to
 * readline instead of the process, is raised as the process's SIGINT, so that `orkeon` stops as it
 * does everywhere else (exit code 130); the question in progress then rejects with `signal`.
 */
export function terminalQuestions(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  signal: AbortSignal,
): TerminalQuestions {
  const lines = createInterface({ input, output, terminal: true });
  let ended = false;
  const closed = new Promise<undefined>((resolve) =>
    lines.once('close', () => {
      ended = true;
      resolve(undefined);
    }),
  );
  lines.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
  return {
    async ask(question) {
      signal.throwIfAborted();
      if (ended) return undefined;
      const answer = lines.question(question, { signal });
      // The race below reports it; a question cut short by the end of the input must not go unhandled.
      answer.catch(() => undefined);
      return Promise.race([answer, closed]);
    },
    close: () => lines.close(),
  };
}
