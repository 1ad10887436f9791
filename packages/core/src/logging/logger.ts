import { Writable } from 'node:stream';
import { pino } from 'pino';
import { PinoPretty } from 'pino-pretty';
import { serviceToken } from '../services/service-token.js';
import type { LogLevel } from './logging-settings.js';
import { createSecretScrubber, redactSecretFields } from './secret-redaction.js';

export type Logger = pino.Logger;

export interface LoggerOptions {
  level?: LogLevel;
  /** `auto` (default): readable lines on a terminal, JSON lines otherwise. */
  format?: 'auto' | 'json' | 'pretty';
  /** Where lines go. Default: standard error, keeping standard output for results. */
  destination?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Secret values (API keys, passwords) to hide wherever they appear. */
  secrets?: Iterable<string>;
  /** Bound to every line, e.g. `{ component: 'a2a' }`. */
  bindings?: Record<string, unknown>;
}

/**
 * A structured logger. Fields named like secrets are written as `[REDACTED]`, and
 * known secret values are scrubbed from every line, message and stack included.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const destination = options.destination ?? process.stderr;
  const scrub = createSecretScrubber(options.secrets ?? []);
  const sink = { write: (line: string) => destination.write(scrub(line)) };
  const pretty = options.format === 'pretty' || (options.format !== 'json' && destination.isTTY === true);
  const stream = pretty
    ? PinoPretty({
        destination: new Writable({
          write(chunk: Buffer | string, _encoding, done) {
            sink.write(chunk.toString());
            done();
          },
        }),
        colorize: destination.isTTY === true,
        sync: true,
        ignore: 'pid,hostname',
        translateTime: 'HH:MM:ss.l',
      })
    : sink;
  const logger = pino(
    {
      level: options.level ?? 'warn',
      base: null,
      formatters: { log: (record) => redactSecretFields(record) },
    },
    stream,
  );
  return options.bindings === undefined ? logger : logger.child(options.bindings);
}

const verbosityOrder: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/**
 * The level for `-v` given `count` times: info, then debug, then trace; never less
 * verbose than the configured `base`.
 */
export function levelForVerbosity(count: number, base: LogLevel = 'warn'): LogLevel {
  if (count <= 0) return base;
  const requested: LogLevel = count === 1 ? 'info' : count === 2 ? 'debug' : 'trace';
  return verbosityOrder.indexOf(requested) < verbosityOrder.indexOf(base) ? requested : base;
}

export const LoggerService = serviceToken<Logger>('Logger');
