import { Writable } from 'node:stream';
import { createLogger, type Logger, type LoggerOptions } from '@orkeon/core';

export interface CapturedLogs {
  /** A real Orkeon logger whose lines are kept in memory. */
  readonly logger: Logger;
  /** Everything written so far, exactly as it would reach standard error. */
  text(): string;
  /** The JSON records written so far (JSON format only). */
  records(): Record<string, unknown>[];
}

/**
 * An Orkeon logger that writes into memory, for asserting on logs in tests (levels,
 * fields, secret redaction). Defaults to JSON lines at `trace` level.
 */
export function captureLogger(options: Omit<LoggerOptions, 'destination'> = {}): CapturedLogs {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ level: 'trace', format: 'json', ...options, destination });
  return {
    logger,
    text: () => chunks.join(''),
    records: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line.trim().length > 0)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
