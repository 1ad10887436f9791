import type { RunEvent } from './run-event.js';

/** `--events jsonl`: each event of the run as one JSON object per line on standard output (envelope v 2, see docs/events.md). */
export function jsonlEventWriter(output: NodeJS.WritableStream): (event: RunEvent) => void {
  return (event) => {
    output.write(`${JSON.stringify(event)}\n`);
  };
}
