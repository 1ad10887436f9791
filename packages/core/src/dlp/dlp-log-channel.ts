import { type Logger, LoggerService } from '../logging/logger.js';
import type { ServiceCollection } from '../services/service-collection.js';
import type { ServiceProvider } from '../services/service-provider.js';
import { type DlpChannelGuard, DlpChannelGuardService } from './dlp-channel-guard.js';

const levelMethods: ReadonlySet<string> = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);
/** How deep objects, lists and errors (with their causes) are screened. */
const maximumDepth = 6;

/**
 * The logger with every record it writes screened by the `Log` channel: the message, the
 * interpolated values and the texts in the fields, errors included (message, stack, cause
 * and their own fields), down to six levels. Records below the logger's level are not
 * screened at all, so debug calls cost nothing extra in production; bindings given to
 * `child()` are not screened, its records are. `guard` is read at each record: while it
 * answers `undefined` the records pass as they are.
 */
export function dlpScreenedLogger(logger: Logger, guard: () => DlpChannelGuard | undefined): Logger {
  const methods = new Map<string, (...args: unknown[]) => void>();
  return new Proxy(logger, {
    get(target, property, receiver) {
      if (property === 'child')
        return (...args: Parameters<Logger['child']>) =>
          dlpScreenedLogger(target.child(...args) as unknown as Logger, guard);
      if (typeof property !== 'string' || !levelMethods.has(property)) return Reflect.get(target, property, receiver);
      let method = methods.get(property);
      if (method === undefined) {
        const level = property;
        method = (...args: unknown[]) => {
          const write = Reflect.get(target, level, target) as (...args: unknown[]) => void;
          const screen = guard();
          if (screen === undefined || !target.isLevelEnabled(level)) return write.apply(target, args);
          return write.apply(target, screenedArguments(screen, args));
        };
        methods.set(property, method);
      }
      return method;
    },
  });
}

/**
 * Registers the runtime's logger again, as `dlpScreenedLogger` over the one registered
 * now, when a DLP guard is registered (nothing otherwise). The guard is bound once the
 * provider is built: resolving it from inside the logger's own resolution would make a
 * cycle (the guard records detections in the audit trail, which logs).
 */
export function addDlpLogChannel(services: ServiceCollection): { bind(provider: ServiceProvider): void } {
  const current = services.registrationsOf(LoggerService).at(-1);
  if (current === undefined || !services.has(DlpChannelGuardService)) return { bind: () => undefined };
  let guard: DlpChannelGuard | undefined;
  services.addSingleton(LoggerService, (resolver) => dlpScreenedLogger(current.factory(resolver), () => guard));
  return {
    bind(provider) {
      guard = provider.tryGet(DlpChannelGuardService);
    },
  };
}

function screenedArguments(guard: DlpChannelGuard, args: readonly unknown[]): unknown[] {
  let changed = false;
  const screened = args.map((argument) => {
    const next = screenedValue(guard, argument, 0);
    changed ||= next !== argument;
    return next;
  });
  return changed ? screened : (args as unknown[]);
}

/**
 * A text screened; an error, a list or a plain object copied with the texts inside
 * screened (down to `maximumDepth`); anything else, and anything unchanged, as it is.
 */
function screenedValue(guard: DlpChannelGuard, value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value === '' ? value : guard.screen('Log', value).processed;
  if (typeof value !== 'object' || value === null || depth >= maximumDepth) return value;
  if (value instanceof Error) return screenedError(guard, value, depth);
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const next = screenedValue(guard, item, depth + 1);
      changed ||= next !== item;
      return next;
    });
    return changed ? items : value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(value)) {
    const next = screenedValue(guard, field, depth + 1);
    if (next !== field) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  return copy ?? value;
}

/**
 * A copy of the error (same class and own properties) whose message, stack, cause and
 * enumerable fields (a provider's response body, say) are screened; the error itself when
 * nothing changed.
 */
function screenedError(guard: DlpChannelGuard, error: Error, depth: number): Error {
  const changes = new Map<PropertyKey, unknown>();
  const message = screenedValue(guard, error.message, depth + 1);
  if (message !== error.message) {
    changes.set('message', message);
    // The stack starts with the message; the rest is file positions.
    if (typeof error.stack === 'string') changes.set('stack', error.stack.replace(error.message, String(message)));
  }
  const cause = (error as { cause?: unknown }).cause;
  const screenedCause = screenedValue(guard, cause, depth + 1);
  if (screenedCause !== cause) changes.set('cause', screenedCause);
  for (const [key, field] of Object.entries(error)) {
    if (key === 'message' || key === 'stack' || key === 'cause') continue;
    const next = screenedValue(guard, field, depth + 1);
    if (next !== field) changes.set(key, next);
  }
  if (changes.size === 0) return error;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  Object.defineProperties(copy, Object.getOwnPropertyDescriptors(error));
  for (const [key, value] of changes) {
    const own = Object.getOwnPropertyDescriptor(error, key);
    Object.defineProperty(copy, key, {
      value,
      writable: true,
      configurable: true,
      enumerable: own?.enumerable ?? false,
    });
  }
  return copy;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
