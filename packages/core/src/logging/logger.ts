import { pino } from 'pino';
import { serviceToken } from '../services/service-token.js';
import type { LogLevel } from './logging-settings.js';
import { createSecretScrubber, redactSecretFields } from './secret-redaction.js';
import { formatTerminalLogLine, type TerminalLineOptions } from './terminal-log-line.js';

export type Logger = pino.Logger;

export interface LoggerOptions {
  level?: LogLevel;
  /** `auto` (default): readable lines on a terminal, JSON lines otherwise. */
  format?: 'auto' | 'json' | 'pretty';
  /** Readable lines only: error stacks under the line. Default false: one line per record. */
  stacks?: boolean;
  /** Where lines go (a stream, or anything with `write`). Default: standard error, keeping standard output for results. */
  destination?: { write(text: string): unknown; readonly isTTY?: boolean };
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
  const lineOptions = { colors: destination.isTTY === true, stacks: options.stacks === true };
  // Readable lines are made from the JSON record, after the scrubber has seen all of it.
  const stream = pretty ? { write: (line: string) => destination.write(readable(scrub(line), lineOptions)) } : sink;
  const logger = pino(
    {
      level: options.level ?? 'warn',
      base: null,
      // An error's cause as a field of its own, not glued to its message (which then repeats the cause's reason).
      serializers: { err: pino.stdSerializers.errWithCause },
      formatters: { log: (record) => redactSecretFields(record) },
    },
    stream,
  );
  return options.bindings === undefined ? logger : logger.child(options.bindings);
}

function readable(line: string, options: TerminalLineOptions): string {
  try {
    return formatTerminalLogLine(JSON.parse(line), options);
  } catch {
    return line; // Not a record of ours: shown as it came.
  }
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
