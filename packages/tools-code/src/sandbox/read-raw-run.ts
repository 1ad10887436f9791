import type {
  ConsoleCapture,
  ConsoleLevel,
  ConsoleLine,
  SandboxError,
  SandboxOutcome,
  SandboxValue,
} from './sandbox-outcome.js';
import { preludeFilename } from './sandbox-prelude.js';
import type { RawConsole, RawRun, RawThrown } from './sandbox-protocol.js';

/** The prefix the worker puts before code that runs as an async function body (on the code's line 1). */
export const functionPrefix = '(async function () {';
const consoleLevels: readonly ConsoleLevel[] = ['log', 'info', 'warn', 'error', 'debug'];
const shownFrames = 12;
const emptyConsole: ConsoleCapture = { lines: [], totalCharacters: 0, keptCharacters: 0, droppedLines: 0 };

/** What the host knows of the run it asked for. */
export interface RunContext {
  readonly code: string;
  readonly filename: string;
  readonly maxOutputCharacters: number;
}

/** Turns what the worker read from QuickJS into an outcome: limits told apart from errors, stacks cleaned. */
export function readRawRun(raw: RawRun, run: RunContext): SandboxOutcome {
  if (raw.kind === 'crashed')
    return {
      status: 'crashed',
      reason: raw.reason || 'no reason given',
      durationMilliseconds: raw.durationMilliseconds,
    };
  const facts = {
    mode: raw.mode,
    console: raw.console === undefined ? emptyConsole : readConsole(raw.console),
    durationMilliseconds: raw.durationMilliseconds,
    sandboxMemoryBytes: raw.sandboxMemoryBytes,
  };
  const { ending } = raw;
  switch (ending.type) {
    case 'value':
      return { ...facts, status: 'completed', value: parseValue(ending.value) };
    case 'pending':
      return { ...facts, status: 'unsettled' };
    case 'native-stack':
      return { ...facts, status: 'limit', limit: 'stack' };
    case 'stopped':
      return raw.stoppedBy === 'time'
        ? { ...facts, status: 'limit', limit: 'time' }
        : { ...facts, status: 'cancelled' };
    case 'thrown': {
      const error = locate(ending.thrown, { ...run, mode: raw.mode });
      if (/stack overflow/i.test(error.message) && /^(?:InternalError|SyntaxError|RangeError)$/.test(error.name))
        return { ...facts, status: 'limit', limit: 'stack', error };
      if (error.name === 'InternalError' && /out of memory/i.test(error.message))
        return { ...facts, status: 'limit', limit: 'memory', error };
      // A SyntaxError with no function frame is the parser's: the code (or its module form) does not parse.
      const parse = ending.phase === 'parse' || (error.name === 'SyntaxError' && !error.stack.includes('('));
      return { ...facts, status: 'threw', phase: parse ? 'parse' : ending.phase, error };
    }
  }
}

/** The console record as lines; the prelude wrote each `level:length:text`. */
export function readConsole(raw: RawConsole): ConsoleCapture {
  return {
    lines: decodeConsoleLines(raw.text),
    totalCharacters: raw.totalCharacters,
    keptCharacters: raw.keptCharacters,
    droppedLines: raw.droppedLines,
  };
}

export function decodeConsoleLines(encoded: string): ConsoleLine[] {
  const lines: ConsoleLine[] = [];
  let at = 0;
  while (at < encoded.length) {
    const levelEnd = encoded.indexOf(':', at);
    const lengthEnd = levelEnd < 0 ? -1 : encoded.indexOf(':', levelEnd + 1);
    if (lengthEnd < 0) break;
    const level = consoleLevels[Number(encoded.slice(at, levelEnd))];
    const length = Number(encoded.slice(levelEnd + 1, lengthEnd));
    if (level === undefined || !Number.isSafeInteger(length) || length < 0) break;
    lines.push({ level, text: encoded.slice(lengthEnd + 1, lengthEnd + 1 + length) });
    at = lengthEnd + 1 + length;
  }
  return lines;
}

/** The prelude's `type:length:text` for a result. */
export function parseValue(text: string): SandboxValue {
  const first = text.indexOf(':');
  const second = first < 0 ? -1 : text.indexOf(':', first + 1);
  const type = first < 0 ? text : text.slice(0, first);
  const length = second < 0 ? 0 : Number(text.slice(first + 1, second));
  const body = second < 0 ? '' : text.slice(second + 1);
  switch (type) {
    case 'json':
      return { type: 'json', json: body, totalCharacters: Number.isSafeInteger(length) ? length : body.length };
    case 'function':
    case 'symbol':
    case 'bigint':
      return { type, preview: body };
    case 'module-without-exports':
      return { type: 'module-without-exports' };
    default:
      return { type: 'undefined' };
  }
}

/**
 * Keeps the frames of the caller's code: prelude and wrapper frames left out, runs of one
 * frame (deep recursion) counted, at most a dozen shown, and line 1 columns given as the
 * caller wrote them. `line` and `column` are those of the first frame in the code.
 */
export function locate(thrown: RawThrown, run: RunContext & { readonly mode: string }): SandboxError {
  const { filename } = run;
  const escaped = filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const shift = run.mode === 'function' ? functionPrefix.length : 0;
  // The async-function wrapper's own call sits on the line after the caller's code.
  const wrapperLine = `${filename}:${run.code.split('\n').length + 1}:`;
  const lines = thrown.stack.split('\n');
  // A stack the prelude cut to the output limit ends in a partial frame.
  if (thrown.stack.length >= run.maxOutputCharacters) lines.pop();
  const frames = lines
    .filter((line) => line.trim() !== '' && !line.includes(preludeFilename))
    .filter((line) => !(run.mode === 'function' && line.includes(wrapperLine)))
    .map((line) =>
      line.replace(new RegExp(`${escaped}:(\\d+):(\\d+)`, 'g'), (_, row: string, column: string) =>
        row === '1' ? `${filename}:1:${Math.max(1, Number(column) - shift)}` : `${filename}:${row}:${column}`,
      ),
    );
  const collapsed = collapseRepeats(frames);
  const shown = collapsed.slice(0, shownFrames);
  if (collapsed.length > shownFrames) shown.push(`    … ${collapsed.length - shownFrames} more frames`);
  const stack = shown.join('\n');
  const first = new RegExp(`${escaped}:(\\d+):(\\d+)`).exec(stack);
  const error = { name: thrown.name, message: thrown.message, stack };
  return first === null ? error : { ...error, line: Number(first[1]), column: Number(first[2]) };
}

/** Runs of one frame become the frame and a count. */
function collapseRepeats(frames: readonly string[]): string[] {
  const collapsed: string[] = [];
  let last: string | undefined;
  let repeats = 0;
  const flush = () => {
    if (repeats > 0)
      collapsed.push(
        `    … the frame above ${repeats.toLocaleString('en-US')} more ${repeats === 1 ? 'time' : 'times'}`,
      );
    repeats = 0;
  };
  for (const frame of frames) {
    if (frame === last) {
      repeats++;
      continue;
    }
    flush();
    collapsed.push(frame);
    last = frame;
  }
  flush();
  return collapsed;
}
