import { type ToolContext, type ToolResult, type ToolRunView, toolFailure } from '@orkeon/core';

/**
 * State a tool keeps for each run, made on first use: keyed by the run's view, so it
 * lives in memory as long as the run does and no run sees another's.
 */
export function perRun<State>(create: () => State): (run: ToolRunView) => State {
  const states = new WeakMap<ToolRunView, State>();
  return (run) => {
    let state = states.get(run);
    if (state === undefined) {
      state = create();
      states.set(run, state);
    }
    return state;
  };
}

/** The run of the call, or the failure a session tool answers outside a run. */
export function runOf(tool: string, context: ToolContext): ToolRunView | ToolResult {
  return (
    context.run ??
    toolFailure(
      `${tool} works only inside an agent or crew run, and this call came from outside one (an MCP client, a script or code calling the tool itself), so there is no run to read. Call it from an agent of a run.`,
    )
  );
}

/** Narrows `runOf`'s answer. */
export function isRunView(value: ToolRunView | ToolResult): value is ToolRunView {
  return typeof (value as ToolRunView).usage === 'function';
}

/** 12,345 */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

const longestName = 200;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a key or snip name cannot be used, or undefined: empty, longer than 200
 * characters, or holding control characters or broken Unicode, which would garble
 * what `list` shows the model.
 */
export function nameProblem(name: string, what: string): string | undefined {
  if (name.trim() === '') return `The ${what} is empty; give a short name such as 'draft-outline'.`;
  if (name.length > longestName)
    return `The ${what} has ${formatCount(name.length)} characters; use at most ${longestName}.`;
  if (controlCharacters.test(name) || loneSurrogate.test(name))
    return `The ${what} holds control characters or broken Unicode; use letters, digits and punctuation.`;
  return undefined;
}
