import type { RunEvent } from './run-event.js';

/** `--events jsonl`: one JSON object per line on standard output, each with the time it happened. */
export function jsonlEventWriter(output: NodeJS.WritableStream): (event: RunEvent) => void {
  return (event) => {
    output.write(`${JSON.stringify({ ...event, at: new Date().toISOString() })}\n`);
  };
}
