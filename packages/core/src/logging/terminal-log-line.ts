/** What a readable log line shows beyond the message. */
export interface TerminalLineOptions {
  /** ANSI colours for the level (a terminal). */
  readonly colors: boolean;
  /** Error stacks under the line; a person asks for them with `-v` or `ORKEON_DEBUG=1`. */
  readonly stacks: boolean;
}

const levelNames: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const levelColors: Readonly<Record<number, string>> = { 10: '90', 20: '90', 30: '36', 40: '33', 50: '31', 60: '31' };

/** Fields pino writes that say nothing to a person reading a terminal. */
const hiddenFields = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err', 'error']);

/**
 * One pino record as one line for a person: level, message, the fields as
 * `key=value`, and an error as `CODE: message` with its causes' messages. The
 * stack (through the AI SDK's or Node's internals) says nothing to a user, so it
 * is shown only when asked for.
 */
export function formatTerminalLogLine(record: Readonly<Record<string, unknown>>, options: TerminalLineOptions): string {
  const level = typeof record.level === 'number' ? record.level : 30;
  const name = (levelNames[level] ?? 'LOG').padEnd(5);
  const label = options.colors ? `\u001b[${levelColors[level] ?? '0'}m${name}\u001b[39m` : name;
  const parts = [typeof record.msg === 'string' ? record.msg : ''];
  const fields = Object.entries(record)
    .filter(([key, value]) => !hiddenFields.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  if (fields.length > 0) parts.push(`(${fields.join(' ')})`);
  const failure = record.err ?? record.error;
  const error = failure === undefined ? undefined : describeError(failure);
  const line = `${label} ${parts.filter((part) => part !== '').join(' ')}${error === undefined ? '' : `: ${error.text}`}`;
  const stack = options.stacks ? error?.stack : undefined;
  return stack === undefined ? `${line}\n` : `${line}\n${indent(stack)}\n`;
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=()]+$/.test(value) ? value : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value) ?? String(value);
}

/**
 * pino's serialised error (`{ type, message, stack, code?, cause? }`, or anything a caller
 * logged as `err`). Orkeon's errors (those with a code) say their cause's reason in their own
 * message; for others, each cause's message is added unless the text says it already.
 */
function describeError(error: unknown): { text: string; stack?: string } {
  if (typeof error !== 'object' || error === null) return { text: String(error) };
  const fields = error as { message?: unknown; code?: unknown; stack?: unknown; type?: unknown };
  const code = typeof fields.code === 'string' ? `${fields.code}: ` : '';
  let text = messageOf(error) ?? String(fields.type ?? 'error');
  const stacks = typeof fields.stack === 'string' ? [fields.stack] : [];
  for (let cause = causeOf(error), depth = 0; cause !== undefined && depth < 5; cause = causeOf(cause), depth++) {
    const message = messageOf(cause);
    if (code === '' && message !== undefined && !text.includes(message)) text += `: ${message}`;
    const stack = (cause as { stack?: unknown }).stack;
    if (typeof stack === 'string') stacks.push(`caused by: ${stack}`);
  }
  return { text: `${code}${text}`, ...(stacks.length === 0 ? {} : { stack: stacks.join('\n') }) };
}

function messageOf(error: unknown): string | undefined {
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

function causeOf(error: unknown): unknown {
  const cause = (error as { cause?: unknown }).cause;
  return typeof cause === 'object' && cause !== null ? cause : undefined;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
