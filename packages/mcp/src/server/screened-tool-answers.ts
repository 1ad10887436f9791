import type { DlpChannelGuard } from '@orkeon/core';
import type { McpCallContext, McpContent, McpToolDescription, McpToolResult } from './mcp-catalog.js';

/** A tool as the server serves it (`ServedTool`). */
interface AnsweringTool {
  readonly description: McpToolDescription;
  call(input: unknown, context: McpCallContext): Promise<McpToolResult>;
}

const mcpSource = { caller: { kind: 'mcp' } } as const;

/**
 * A served tool whose answers pass the DLP guard's `ExternalOutput` channel
 * (`Svc:Dlp:ApplyInPipeline`) before they leave for the client: text parts and embedded
 * text resources; images, audio and binary resources pass as they are.
 */
export function screenedToolAnswers(tool: AnsweringTool, guard: DlpChannelGuard): AnsweringTool {
  const screen = (text: string) => guard.screen('ExternalOutput', text, { ...mcpSource, tool: tool.description.name });
  return {
    description: tool.description,
    async call(input, context): Promise<McpToolResult> {
      const result = await tool.call(input, context);
      return { ...result, content: result.content.map((part) => screenedPart(part, screen)) };
    },
  };
}

function screenedPart(part: McpContent, screen: (text: string) => { processed: string }): McpContent {
  if (part.type === 'text') return { ...part, text: screen(part.text).processed };
  if (part.type === 'resource' && 'text' in part.resource)
    return { ...part, resource: { ...part.resource, text: screen(part.resource.text).processed } };
  return part;
}
