import { type ToolResult, toolFailure, toolSuccess } from '@orkeon/core';
import type { OutputRewriter } from './output-rewriter.js';
import type { CollectedOutput, ProcessResult } from './run-process.js';

export interface ShellLimits {
  readonly timeoutSeconds: number;
  readonly maxOutputCharacters: number;
}

/**
 * The text the model reads: `exit code N`, then a `stdout:` and a `stderr:` block
 * (each left out when empty), physical folders rewritten to virtual paths. A
 * non-zero exit code is still a success (the model reads the code); a timeout or
 * a cancellation is a failure that keeps what was written before.
 */
export function describeProcessResult(
  result: ProcessResult,
  rewriter: OutputRewriter,
  limits: ShellLimits,
): ToolResult {
  const blocks = [
    block('stdout', result.stdout, rewriter, limits),
    block('stderr', result.stderr, rewriter, limits),
  ].filter((text) => text !== undefined);
  switch (result.stoppedBecause) {
    case 'timeout':
      return toolFailure(
        [
          `The command timed out after ${limits.timeoutSeconds} s and was stopped (Svc:Tools:Shell:TimeoutSeconds).`,
          ...blocks,
        ].join('\n'),
      );
    case 'cancelled':
      return toolFailure(['The command was cancelled and stopped.', ...blocks].join('\n'));
    case 'output-limit':
      return toolSuccess(
        [
          `exit code none: the command was stopped because it wrote more than ${limits.maxOutputCharacters} characters to one stream (Svc:Tools:Shell:MaxOutputCharacters); the output below is cut.`,
          ...blocks,
        ].join('\n'),
      );
    default: {
      const status =
        result.exitCode !== null ? `exit code ${result.exitCode}` : `exit code none: ended by ${result.exitSignal}`;
      return toolSuccess([status, ...blocks].join('\n'));
    }
  }
}

function block(
  name: 'stdout' | 'stderr',
  output: CollectedOutput,
  rewriter: OutputRewriter,
  limits: ShellLimits,
): string | undefined {
  const kept = output.cut ? rewriter.withoutPartialRoot(withoutPartialTail(output.text)) : output.text;
  const text = rewriter.toAgentText(kept).replace(/\n$/, '');
  if (text === '' && !output.cut) return undefined;
  const heading = output.cut ? `${name} (cut after ${limits.maxOutputCharacters} characters):` : `${name}:`;
  return `${heading}\n${text}`;
}

/**
 * Output cut at an arbitrary character may end in half a physical path, which the
 * rewriting would no longer recognise: drop the last, incomplete line (or word, or NUL-ended name).
 */
function withoutPartialTail(text: string): string {
  const lineEnd = text.lastIndexOf('\n');
  if (lineEnd >= 0) return text.slice(0, lineEnd + 1);
  const wordEnd = Math.max(text.lastIndexOf(' '), text.lastIndexOf('\t'), text.lastIndexOf('\0'));
  return wordEnd >= 0 ? text.slice(0, wordEnd + 1) : text;
}
