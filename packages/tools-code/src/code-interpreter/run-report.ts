import { type ToolResult, toolFailure, toolSuccess } from '@orkeon/core';
import type {
  ConsoleCapture,
  SandboxError,
  SandboxMode,
  SandboxOutcome,
  SandboxValue,
} from '../sandbox/sandbox-outcome.js';
import type { CodeSettings } from './code-settings.js';

/** What the report needs besides the outcome: the limits (to name them) and the code as the caller wrote it. */
export interface RunReportContext {
  readonly settings: Pick<CodeSettings, 'TimeoutMilliseconds' | 'MemoryLimitBytes' | 'MaxStackBytes'>;
  readonly settingsPath: string;
  readonly source: string;
  readonly filename: string;
}

const levelPrefixes = { log: '', info: '[info] ', warn: '[warn] ', error: '[error] ', debug: '[debug] ' } as const;

/** The tool result for an outcome: the result and console on success, else what stopped the code and how to fix it. */
export function reportOutcome(outcome: SandboxOutcome, context: RunReportContext): ToolResult {
  const { settings, settingsPath } = context;
  switch (outcome.status) {
    case 'completed':
      return toolSuccess(joinSections([resultSection(outcome.value, outcome.mode), consoleSection(outcome.console)]));
    case 'threw':
      return failureWithConsole(threwMessage(outcome.phase, outcome.error, context), outcome.console);
    case 'limit': {
      const message =
        outcome.limit === 'time'
          ? `The code ran past the time limit (${count(settings.TimeoutMilliseconds)} ms) and was stopped. Make the work smaller, or raise ${settingsPath}:TimeoutMilliseconds.`
          : outcome.limit === 'memory'
            ? `The code reached the memory limit (${bytes(settings.MemoryLimitBytes)}) and was stopped. Use less memory, or raise ${settingsPath}:MemoryLimitBytes.`
            : `The code reached the stack limit (${bytes(settings.MaxStackBytes)}) and was stopped, likely by unbounded recursion${where(outcome.error, context.filename)}. Recurse less deeply, or raise ${settingsPath}:MaxStackBytes.${frames(outcome.error)}`;
      return failureWithConsole(message, outcome.console);
    }
    case 'cancelled':
      return failureWithConsole('The call was cancelled and the code was stopped.', outcome.console);
    case 'unsettled':
      return failureWithConsole(
        "The code's promise never settled. The sandbox has no timers, network or files, so only promises the code resolves itself can settle.",
        outcome.console,
      );
    case 'crashed':
      return toolFailure(crashMessage(outcome.reason));
  }
}

function resultSection(value: SandboxValue, mode: SandboxMode): string {
  switch (value.type) {
    case 'json':
      return value.totalCharacters > value.json.length
        ? `Result (JSON, first ${count(value.json.length)} of ${count(value.totalCharacters)} characters):\n${value.json}`
        : `Result (JSON):\n${value.json}`;
    case 'module-without-exports':
      return 'Result: none (the module exports nothing: `export default` the value to get it back).';
    case 'function':
    case 'symbol':
      return `Result: ${value.preview}, a ${value.type}, which cannot leave the sandbox: only JSON values cross. Return data instead.`;
    case 'bigint':
      return `Result: ${value.preview} (a BigInt, shown as text: JSON has no BigInt).`;
    case 'undefined':
      return mode === 'script'
        ? 'Result: undefined (the last statement has no value: end the code with an expression, or `return` a value).'
        : mode === 'function'
          ? 'Result: undefined (the code returned nothing: `return` the value to get it back).'
          : 'Result: undefined (the default export is undefined).';
  }
}

function consoleSection(capture: ConsoleCapture, heading = 'Console'): string | undefined {
  if (capture.lines.length === 0 && capture.droppedLines === 0) return undefined;
  const lines = capture.lines.map((line) => `${levelPrefixes[line.level]}${line.text}`);
  const all = capture.lines.length + capture.droppedLines;
  const cut =
    capture.totalCharacters > capture.keptCharacters
      ? ` (first ${count(capture.keptCharacters)} of ${count(capture.totalCharacters)} characters${capture.droppedLines > 0 ? `; ${count(capture.droppedLines)} more lines not shown` : ''})`
      : ` (${count(all)} ${all === 1 ? 'line' : 'lines'})`;
  return `${heading}${cut}:\n${lines.join('\n')}`;
}

function failureWithConsole(message: string, capture: ConsoleCapture): ToolResult {
  return toolFailure(joinSections([message, consoleSection(capture, 'Console before the end')]));
}

function threwMessage(phase: 'parse' | 'run' | 'result', error: SandboxError, context: RunReportContext): string {
  const at = where(error, context.filename);
  if (phase === 'parse')
    return `The code does not parse: ${error.name}: ${error.message}${at}.${snippet(context.source, error.line, error.column)}`;
  if (phase === 'result')
    return `The result cannot leave the sandbox as JSON: ${error.name}: ${error.message}. Return plain data: no cycles, no BigInt inside objects, no getters that throw.`;
  if (error.name === '') return `The code threw a value that is not an Error: ${error.message}.`;
  return `The code threw ${error.name}: ${error.message}${at}.${frames(error)}`;
}

/** ` (main.js line 3, column 5)`, or nothing when the error has no position in the caller's code. */
export function where(
  error: { readonly line?: number; readonly column?: number } | undefined,
  filename: string,
): string {
  if (error?.line === undefined) return '';
  return ` (${filename} line ${error.line}${error.column === undefined ? '' : `, column ${error.column}`})`;
}

function frames(error: SandboxError | undefined): string {
  return error === undefined || error.stack === '' ? '' : `\n${error.stack}`;
}

/** The source line of a position with a caret under the column, as editors show it. */
export function snippet(source: string, line: number | undefined, column: number | undefined): string {
  if (line === undefined) return '';
  const text = source.split(/\r?\n/)[line - 1];
  if (text === undefined) return '';
  const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  const gutter = String(line);
  const caret =
    column === undefined || column > 201 ? '' : `\n${' '.repeat(gutter.length)} | ${' '.repeat(column - 1)}^`;
  return `\n${gutter} | ${shown}${caret}`;
}

function crashMessage(reason: string): string {
  // Worker errors can name files of this machine; the model is told what happened, not where.
  const clean = reason.replace(/(?:file:\/\/)?(?:\/[^\s'"():,]+)+/g, '<path>').slice(0, 300);
  if (/quickjs|Cannot find (?:module|package)|ERR_MODULE_NOT_FOUND/i.test(reason))
    return `The code sandbox could not load its engine (${clean}). Install quickjs-emscripten 0.32.0, the dependency of @orkeon/tools-code, and try again.`;
  return `The code sandbox stopped unexpectedly (${clean}); the run is lost and the sandbox was replaced. Run the code again; if it happens again, the code likely hits an engine fault: make it simpler.`;
}

function joinSections(sections: readonly (string | undefined)[]): string {
  return sections.filter((section): section is string => section !== undefined).join('\n\n');
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

function bytes(value: number): string {
  const mebibytes = value / (1024 * 1024);
  if (Number.isInteger(mebibytes)) return `${count(mebibytes)} MiB`;
  const kibibytes = value / 1024;
  if (Number.isInteger(kibibytes)) return `${count(kibibytes)} KiB`;
  return `${count(value)} bytes`;
}
