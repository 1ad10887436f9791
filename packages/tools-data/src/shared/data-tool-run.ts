import { type ToolContext, type ToolResult, toolDenied, toolFailure, toolSuccess } from '@orkeon/core';
import { DataToolError } from '../errors/data-tool-error.js';

/**
 * The edge of every data tool: expected refusals thrown by the helpers become
 * results, and work cut short by the call's signal says so instead of surfacing the
 * parser's own complaint about a destroyed stream.
 */
export async function runDataTool(context: ToolContext, work: () => Promise<string | ToolResult>): Promise<ToolResult> {
  if (context.signal.aborted) return stoppedResult(context.signal);
  try {
    const answer = await work();
    return typeof answer === 'string' ? toolSuccess(answer) : answer;
  } catch (error) {
    if (context.signal.aborted) return stoppedResult(context.signal);
    if (DataToolError.isInstance(error)) {
      return error.denied ? toolDenied(error.message) : toolFailure(error.message);
    }
    throw error;
  }
}

/** Throws the stop as an expected refusal, for loops that check the signal between rows or pages. */
export function throwIfStopped(signal: AbortSignal): void {
  if (signal.aborted) throw new DataToolError('DATA_TOOL_STOPPED', stoppedMessage(signal));
}

function stoppedResult(signal: AbortSignal) {
  return toolFailure(stoppedMessage(signal));
}

function stoppedMessage(signal: AbortSignal): string {
  const reason = signal.reason instanceof Error ? ` (${signal.reason.message})` : '';
  return `The call was stopped before it finished${reason}; nothing more was read or written. For a large file ask for fewer rows or pages, or raise Svc:Tools:Data:TimeoutSeconds.`;
}
