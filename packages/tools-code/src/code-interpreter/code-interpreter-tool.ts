import { defineTool, type Logger, type Tool, type ToolContext, type ToolResult, toolFailure } from '@orkeon/core';
import { CodeSandbox } from '../sandbox/code-sandbox.js';
import { type CodeInterpreterInput, codeInterpreterInput } from './code-interpreter-input.js';
import { bindCodeSettings, type CodeSettings, type CodeSettingsInput, codeSettings } from './code-settings.js';
import { reportOutcome, snippet, where } from './run-report.js';
import { stripTypeScript } from './typescript-stripping.js';

export const codeInterpreterToolName = 'code_interpreter';

/** Room for headings and notes besides the result and the console output. */
const resultOverheadCharacters = 2_000;
/** The sandbox's own limit ends the code first; the pipeline's covers a cold engine start and waiting for a worker. */
const pipelineTimeoutMarginMilliseconds = 15_000;

export interface CodeInterpreterToolOptions {
  /** Hears a sandbox that crashed (at `warn`). Default: nothing is logged. */
  readonly logger?: Logger;
}

/**
 * The `code_interpreter` tool, configured by `Svc:Tools:Code` (absent keys take their
 * defaults). Throws a `ConfigurationError` for a bad setting. The sandbox and its worker
 * threads start on the first call, and idle ones end by themselves.
 */
export function createCodeInterpreterTool(
  settings: CodeSettingsInput = {},
  options: CodeInterpreterToolOptions = {},
): Tool<CodeInterpreterInput> {
  const bound = bindCodeSettings(settings);
  let sandbox: CodeSandbox | undefined;
  const sandboxOf = () => {
    sandbox ??= new CodeSandbox({
      timeoutMilliseconds: bound.TimeoutMilliseconds,
      memoryLimitBytes: bound.MemoryLimitBytes,
      maxStackBytes: bound.MaxStackBytes,
      maxOutputCharacters: bound.MaxOutputCharacters,
      maxConcurrentRuns: bound.MaxConcurrentRuns,
    });
    return sandbox;
  };
  return defineTool({
    name: codeInterpreterToolName,
    description: describeTool(bound),
    input: codeInterpreterInput,
    access: 'Execute',
    maxResultCharacters: 2 * bound.MaxOutputCharacters + resultOverheadCharacters,
    timeoutMilliseconds: bound.TimeoutMilliseconds + pipelineTimeoutMarginMilliseconds,
    execute: (input, context) => interpret(input, context, bound, sandboxOf, options.logger),
  });
}

async function interpret(
  input: CodeInterpreterInput,
  context: ToolContext,
  settings: CodeSettings,
  sandboxOf: () => CodeSandbox,
  logger: Logger | undefined,
): Promise<ToolResult> {
  const path = codeSettings.path;
  if (input.code.length > settings.MaxCodeCharacters)
    return toolFailure(
      `The code is ${count(input.code.length)} characters long; the limit is ${count(settings.MaxCodeCharacters)} (${path}:MaxCodeCharacters). Send shorter code, and pass data through \`input\`.`,
    );
  const inputJson = jsonOf(input.input);
  if (inputJson === undefined)
    return toolFailure(
      '`input` is not a JSON value: give plain JSON (objects, arrays, strings, numbers, booleans, null).',
    );
  if (inputJson !== null && inputJson.length > settings.MaxInputCharacters)
    return toolFailure(
      `\`input\` is ${count(inputJson.length)} characters of JSON; the limit is ${count(settings.MaxInputCharacters)} (${path}:MaxInputCharacters). Send less data.`,
    );
  const filename = input.language === 'typescript' ? 'main.ts' : 'main.js';
  let code = input.code;
  if (input.language === 'typescript') {
    const stripped = await stripTypeScript(input.code);
    if (!stripped.ok) {
      const at = where(stripped, filename);
      const fix =
        stripped.problem === 'unsupported'
          ? ' Types are only erased, never compiled: write enums as objects, namespaces as modules or objects, parameter properties as fields, and casts as `x as T`.'
          : '';
      return toolFailure(
        `The TypeScript does not parse with its types erased: ${stripped.message}${at}.${fix}${snippet(input.code, stripped.line, stripped.column)}`,
      );
    }
    code = stripped.code;
  }
  const outcome = await sandboxOf().run({
    code,
    filename,
    ...(inputJson === null ? {} : { input: input.input }),
    signal: context.signal,
  });
  if (outcome.status === 'crashed')
    logger?.warn({ reason: outcome.reason }, 'The code sandbox crashed and was replaced');
  return reportOutcome(outcome, { settings, settingsPath: path, source: input.code, filename });
}

/** The input as JSON text; `null` when there is none, `undefined` when it has no JSON form. */
function jsonOf(value: unknown): string | null | undefined {
  if (value === undefined) return null;
  try {
    return JSON.stringify(value) ?? undefined;
  } catch {
    return undefined;
  }
}

function describeTool(settings: CodeSettings): string {
  return [
    'Runs JavaScript, or TypeScript with its types erased, in a QuickJS WebAssembly sandbox with no host access: no files, network, timers, process or modules.',
    'Returns the console output (console.log/info/warn/error) and the result as JSON: the value of the last expression, a top-level `return` (top-level `await` allowed), or `export default`.',
    'The optional `input` JSON value is the global `input`. Each call starts from a fresh sandbox: nothing is kept between calls.',
    `Limits: ${count(settings.TimeoutMilliseconds)} ms, ${count(settings.MemoryLimitBytes / (1024 * 1024))} MiB of memory, ${count(settings.MaxOutputCharacters)} characters of output.`,
  ].join(' ');
}

function count(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}
