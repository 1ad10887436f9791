import { createInterface } from 'node:readline/promises';
import type { PermissionPrompt, PermissionRequest } from '@orkeon/core';

const shownArgumentsLength = 500;

/**
 * The permission gate's interactive channel on a terminal: each ask is shown with
 * the tool, why it asks and the call's arguments, and answered y/N (no answer or
 * anything but y/yes refuses). Asks are queued, so parallel tool calls prompt one at
 * a time. Without a terminal on both sides there is no channel (`undefined`), and
 * asks are denied headlessly.
 */
export function terminalPermissionPrompt(
  input: NodeJS.ReadableStream & { isTTY?: boolean },
  output: NodeJS.WritableStream & { isTTY?: boolean },
): PermissionPrompt | undefined {
  if (input.isTTY !== true || output.isTTY !== true) return undefined;
  let queue: Promise<unknown> = Promise.resolve();
  return (request) => {
    const answer = queue.then(() => ask(input, output, request));
    queue = answer.catch(() => undefined);
    return answer;
  };
}

async function ask(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  request: PermissionRequest,
): Promise<boolean> {
  const argumentsText = JSON.stringify(request.input) ?? '';
  const shown =
    argumentsText.length > shownArgumentsLength ? `${argumentsText.slice(0, shownArgumentsLength)}…` : argumentsText;
  const who = request.caller.agent === undefined ? '' : ` for agent '${request.caller.agent}'`;
  output.write(`\nPermission needed${who}: ${request.reason}\n  tool: ${request.tool}\n  arguments: ${shown}\n`);
  const readline = createInterface({ input, output, terminal: false });
  try {
    const reply = await readline.question('Allow this call? [y/N] ');
    return /^\s*y(es)?\s*$/i.test(reply);
  } finally {
    readline.close();
  }
}
