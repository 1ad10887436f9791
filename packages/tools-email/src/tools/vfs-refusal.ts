import { isDenial, type ToolResult, toolDenied, toolFailure, type VfsResult } from '@orkeon/core';

/** A refused file operation as a tool result: boundary refusals are denials, the rest failures. */
export function vfsRefusal(result: Extract<VfsResult<unknown>, { ok: false }>): ToolResult {
  return isDenial(result.code) ? toolDenied(result.message) : toolFailure(result.message);
}
