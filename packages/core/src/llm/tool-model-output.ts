import type { Tool as AiTool } from 'ai';
import { isToolResult, summarizeContent } from '../tools/tool-result.js';

// What a model reads of a tool's result: plain text, or a rich result's parts where the provider takes media.

type ToolResultOutput = Awaited<ReturnType<NonNullable<AiTool['toModelOutput']>>>;
/**
 * Providers whose AI SDK adapter sends images (and PDFs) inside tool results. The others
 * (OpenAI-style chat completions among them) would write the base64 into the text, so
 * their models read the result's text summary instead.
 */
export const providersTakingToolMedia: ReadonlySet<string> = new Set(['anthropic']);
const mediaTypesInToolResults = /^(?:image\/|application\/pdf$)/;

/** A tool's result as the model reads it: its text, or its parts with images as files where the provider takes them. */
export function toolModelOutput(output: unknown, media: boolean): ToolResultOutput {
  if (!isToolResult(output) || output.content === undefined)
    return {
      type: 'text',
      value: typeof output === 'string' ? output : String(isToolResult(output) ? output.output : output),
    };
  if (!media) return { type: 'text', value: output.output };
  return {
    type: 'content',
    value: output.content.map((part) => {
      const data =
        part.type === 'image'
          ? part.data
          : part.type === 'resource' && 'blob' in part.resource
            ? part.resource.blob
            : undefined;
      const mediaType =
        part.type === 'image' ? part.mimeType : part.type === 'resource' ? part.resource.mimeType : undefined;
      if (data !== undefined && mediaType !== undefined && mediaTypesInToolResults.test(mediaType))
        return { type: 'file' as const, data: { type: 'data' as const, data }, mediaType };
      return { type: 'text' as const, text: summarizeContent([part]) };
    }),
  };
}
