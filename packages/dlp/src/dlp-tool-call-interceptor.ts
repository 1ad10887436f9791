import {
  type DlpChannelGuard,
  type DlpContentSource,
  type ToolCallInterceptor,
  type ToolContentInput,
  type ToolResult,
  toolBlocked,
  toolContent,
  toolDenied,
  toolFailure,
  toolSuccess,
} from '@orkeon/core';

/**
 * The `ToolOutput` channel as a tool call interceptor: after every call, the text of the
 * result (and the text parts and embedded text resources of a rich result) passes the
 * guard; images, audio and binary resources pass as they are.
 *
 * @experimental SVCEXP006
 */
export function dlpToolCallInterceptor(guard: DlpChannelGuard): ToolCallInterceptor {
  return {
    name: 'dlp',
    afterCall: (call, result) => screenedToolResult(guard, result, { tool: call.tool, caller: call.caller }),
  };
}

function screenedToolResult(guard: DlpChannelGuard, result: ToolResult, source: DlpContentSource): ToolResult {
  const screen = (text: string) => guard.screen('ToolOutput', text, source).processed;
  if (result.content !== undefined && result.outcome === 'Success') {
    let changed = false;
    const parts = result.content.map((part): ToolContentInput => {
      if (part.type === 'text') {
        const text = screen(part.text);
        changed ||= text !== part.text;
        return { type: 'text', text };
      }
      if (part.type === 'resource' && 'text' in part.resource) {
        const text = screen(part.resource.text);
        changed ||= text !== part.resource.text;
        return { type: 'resource', resource: { ...part.resource, text } };
      }
      return part;
    });
    return changed ? toolContent(parts) : result;
  }
  const output = screen(result.output);
  if (output === result.output) return result;
  switch (result.outcome) {
    case 'Success':
      return toolSuccess(output);
    case 'Failure':
      return toolFailure(output);
    case 'Denied':
      return toolDenied(output);
    case 'Blocked':
      return toolBlocked(output);
  }
}
