import { createInterface } from 'node:readline';
import { type HumanInputChannel, inputGivenSchema, PendingHumanInput } from '@orkeon/core';

/**
 * `--events jsonl`: asks go out as `input.needed` events (the runtime writes them)
 * and are answered by `input.given` lines on standard input, matched by
 * `correlationId` (without one, the oldest waiting ask). Other lines are ignored.
 * When the input ends, waiting and later asks are refused. `close` stops reading.
 */
export function jsonlHumanInput(input: NodeJS.ReadableStream): HumanInputChannel & { close(): void } {
  const pending = new PendingHumanInput();
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return;
    }
    const given = inputGivenSchema.safeParse(parsed);
    if (!given.success) return;
    const { value, correlationId } = given.data;
    pending.answer(typeof value === 'boolean' ? (value ? 'yes' : 'no') : value, correlationId);
  });
  lines.on('close', () => pending.close('standard input ended before an input.given line answered'));
  return {
    ask: (request, signal) => pending.ask(request, signal),
    close() {
      lines.close();
      pending.close('the run ended');
    },
  };
}
