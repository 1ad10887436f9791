/** How a tool call ended, as the audit trail records it. */
export type ToolOutcome = 'Success' | 'Failure' | 'Denied';

const brand = Symbol.for('orkeon.tool-result');

/**
 * The result of a tool call: always text the model can read. Failures read
 * `Error: …` and denials `DENIED: …`; neither is an exception.
 */
export interface ToolResult {
  readonly outcome: ToolOutcome;
  readonly output: string;
  /** Set when the output was cut to the tool's limit. */
  readonly truncatedFrom?: number;
}

export function toolSuccess(output: string): ToolResult {
  return brandResult({ outcome: 'Success', output });
}

export function toolFailure(message: string): ToolResult {
  return brandResult({ outcome: 'Failure', output: message.startsWith('Error: ') ? message : `Error: ${message}` });
}

/** A refusal by the boundary (permission gate, mount rights). The model reads `DENIED: <reason>`. */
export function toolDenied(reason: string): ToolResult {
  return brandResult({ outcome: 'Denied', output: reason.startsWith('DENIED: ') ? reason : `DENIED: ${reason}` });
}

/** The same result with its output cut to `limit` characters and a note saying so. */
export function truncateToolResult(result: ToolResult, limit: number): ToolResult {
  if (result.output.length <= limit) return result;
  const output = `${result.output.slice(0, limit)}\n[truncated: showing the first ${limit} of ${result.output.length} characters]`;
  return brandResult({ outcome: result.outcome, output, truncatedFrom: result.output.length });
}

export function isToolResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && (value as { [brand]?: boolean })[brand] === true;
}

function brandResult(result: ToolResult): ToolResult {
  Object.defineProperty(result, brand, { value: true, enumerable: false });
  return Object.freeze(result);
}
