import { format } from 'node:util';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { Logger } from '../logging/logger.js';
import { redactSecretFields } from '../logging/secret-redaction.js';
import type { ToolCallerRequests } from './caller-requests.js';
import type { ToolContext, ToolLogLevel, ToolLogRecord, ToolProgress } from './tool.js';

/** A progress report a caller could not use: not a number, or a total that is not positive. */
export class ToolProgressError extends OrkeonError<CoreErrorCode> {
  constructor(tool: string, update: unknown) {
    super(
      'TOOL_PROGRESS_INVALID',
      `Tool '${tool}' reported progress ${safeJson(update)}: give { progress: <finite number>, total?: <positive number>, message?: <text> }.`,
    );
  }
}

/**
 * The `reportProgress` of one call: checks the report, then hands it to the
 * listener while the call is open. A listener that throws is logged, never the tool's
 * problem; reports after the call ended (a tool that ignored its time-out) are dropped.
 */
export function progressReporter(
  tool: string,
  listener: ((update: ToolProgress) => void) | undefined,
  isOpen: () => boolean,
  logger: Logger,
): (update: ToolProgress) => void {
  return (update) => {
    const valid =
      typeof update === 'object' &&
      update !== null &&
      Number.isFinite(update.progress) &&
      (update.total === undefined || (Number.isFinite(update.total) && update.total > 0)) &&
      (update.message === undefined || typeof update.message === 'string');
    if (!valid) throw new ToolProgressError(tool, update);
    if (listener === undefined || !isOpen()) return;
    const copy: ToolProgress = {
      progress: update.progress,
      ...(update.total === undefined ? {} : { total: update.total }),
      ...(update.message === undefined ? {} : { message: update.message }),
    };
    try {
      listener(copy);
    } catch (error) {
      logger.warn({ err: error }, 'a tool progress listener failed');
    }
  };
}

const levels: ReadonlySet<string> = new Set<ToolLogLevel>(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);

/**
 * The tool's logger, which also hands every line to `listener` while the call is
 * open, whatever the logger's own level (the listener filters). Children made from it
 * do the same. Only built when someone listens, so a call without one pays nothing.
 */
export function listenedLogger(
  logger: Logger,
  listener: (record: ToolLogRecord) => void,
  isOpen: () => boolean,
  warn: Logger,
): Logger {
  return new Proxy(logger, {
    get(target, property) {
      if (property === 'child')
        return (...args: Parameters<Logger['child']>) =>
          listenedLogger(target.child(...args) as unknown as Logger, listener, isOpen, warn);
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (typeof property === 'string' && levels.has(property))
        return (...args: unknown[]) => {
          if (isOpen()) {
            try {
              listener(recordOf(property as ToolLogLevel, args));
            } catch (error) {
              warn.warn({ err: error }, 'a tool log listener failed');
            }
          }
          return (value as (...parameters: unknown[]) => unknown).apply(target, args);
        };
      return (value as (...parameters: unknown[]) => unknown).bind(target);
    },
  });
}

/** A pino call's arguments — `(fields, message?, ...values)` or `(message, ...values)` — as a record. */
function recordOf(level: ToolLogLevel, args: readonly unknown[]): ToolLogRecord {
  const [first, ...rest] = args;
  if (typeof first === 'object' && first !== null) {
    const fields =
      first instanceof Error
        ? { err: first.message }
        : Object.fromEntries(
            Object.entries(redactSecretFields(first as Record<string, unknown>)).map(([key, value]) => [
              key,
              value instanceof Error ? value.message : value,
            ]),
          );
    const [template, ...values] = rest;
    const message =
      typeof template === 'string' ? format(template, ...values) : first instanceof Error ? first.message : '';
    return Object.keys(fields).length === 0 ? { level, message } : { level, message, fields };
  }
  return { level, message: first === undefined ? '' : format(String(first), ...rest) };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The caller's requests as one call sees them: each refuses once the call has ended, so a
 * tool that outlived its time-out cannot reach the caller of a call already answered.
 */
export function callerRequestsOf(
  requests: ToolCallerRequests | undefined,
  isOpen: () => boolean,
): Pick<ToolContext, 'elicit' | 'sample'> {
  if (requests === undefined) return {};
  const whileOpen =
    <Input, Output>(ask: (input: Input) => Promise<Output>) =>
    (input: Input): Promise<Output> =>
      isOpen() ? ask(input) : Promise.reject(new Error('the tool call has ended: its caller can no longer answer'));
  return {
    ...(requests.elicit === undefined ? {} : { elicit: whileOpen(requests.elicit) }),
    ...(requests.sample === undefined ? {} : { sample: whileOpen(requests.sample) }),
  };
}
