import { createInterface } from 'node:readline/promises';
import {
  type HumanInputAnswer,
  HumanInputAsker,
  type HumanInputChannel,
  type HumanInputRequest,
  type PermissionPrompt,
} from '@orkeon/core';
import { visibleText } from './visible-text.js';

type Terminal = NodeJS.ReadableStream & { isTTY?: boolean };
type Screen = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * The human-input channel on a terminal: a text question waits for a line, an
 * approval for y/N (no answer or anything but y/yes refuses), a choice shows numbered
 * options and takes a number or the option's text. Asks are queued, so parallel
 * agents ask one at a time. Without a terminal on both sides there is no channel
 * (`undefined`), and asks are refused.
 */
export function terminalHumanInput(input: Terminal, output: Screen): HumanInputChannel | undefined {
  if (input.isTTY !== true || output.isTTY !== true) return undefined;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    ask(request, signal) {
      const answer = queue.then(() => ask(input, output, request, signal));
      queue = answer.catch(() => undefined);
      return answer;
    },
  };
}

/** The permission gate's asks on a terminal, through the same channel (`undefined` off a terminal). */
export function terminalPermissionPrompt(input: Terminal, output: Screen): PermissionPrompt | undefined {
  const channel = terminalHumanInput(input, output);
  return channel === undefined ? undefined : new HumanInputAsker({ channel: () => channel }).permissionPrompt();
}

async function ask(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  request: HumanInputRequest,
  signal: AbortSignal | undefined,
): Promise<HumanInputAnswer> {
  if (signal?.aborted === true) return { answered: false, reason: 'the run stopped' };
  const choices = request.choices ?? [];
  // The prompt and choices may come from a model or an MCP server: no escape sequence reaches the terminal.
  const prompt = visibleText(request.prompt);
  const question =
    request.kind === 'approval'
      ? `${prompt} [y/N] `
      : request.kind === 'choice'
        ? `${prompt}\n${choices.map((choice, index) => `  ${index + 1}) ${visibleText(choice)}`).join('\n')}\nChoose 1-${choices.length}: `
        : `${prompt}\n> `;
  output.write('\n');
  const readline = createInterface({ input, output, terminal: false });
  try {
    const reply = await readline.question(question, signal === undefined ? {} : { signal });
    if (request.kind !== 'choice') return { answered: true, value: reply.trim() };
    const picked = /^\s*\d+\s*$/.test(reply) ? choices[Number(reply) - 1] : undefined;
    return { answered: true, value: picked ?? reply.trim() };
  } catch {
    return { answered: false, reason: 'the run stopped before anyone answered' };
  } finally {
    readline.close();
  }
}
