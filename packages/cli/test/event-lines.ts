/** One line of `--events jsonl`, read back. */
export interface EventLine {
  readonly kind: string;
  readonly [field: string]: unknown;
}

/** The run events a command wrote on standard output (the lines that are JSON objects). */
export function eventsOf(stdout: string): EventLine[] {
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as EventLine);
}
