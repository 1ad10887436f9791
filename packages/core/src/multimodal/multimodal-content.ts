import type { Tool as AiTool, FilePart, ImagePart, TextPart } from 'ai';
import type { ChatModel } from '../llm/chat-model.js';
import { serviceToken } from '../services/service-token.js';
import type { ToolResult } from '../tools/tool-result.js';

/**
 * Something given to a model with a prompt: an image, a sound or a file, as base64 text or
 * bytes, or a virtual path to an image that is read through the file system when the call is
 * made. The multimodal subsystem (`addSvcMultiModal` of `@orkeon/multimodal`) judges images
 * by their bytes, so `mimeType` may be left out for them.
 */
export type PromptAttachment =
  | { readonly type: 'image'; readonly data: string | Uint8Array; readonly mimeType?: string; readonly name?: string }
  | {
      readonly type: 'audio';
      readonly data: string | Uint8Array;
      readonly mimeType?: string;
      readonly name?: string;
      /** When known; WAV files carry their own. */
      readonly durationSeconds?: number;
    }
  | { readonly type: 'file'; readonly data: string | Uint8Array; readonly mimeType: string; readonly name?: string }
  | { readonly type: 'path'; readonly path: string };

/** A checked attachment: its bytes as base64 and the MIME type its bytes show. */
export interface MultiModalPart {
  readonly type: 'image' | 'audio' | 'file';
  /** Base64. */
  readonly data: string;
  readonly mimeType: string;
  readonly sizeBytes: number;
  /** The virtual path or name it came from, for the text form. */
  readonly name?: string;
  readonly durationSeconds?: number;
}

/** What a user message carries to a model: its text alone, or text and images. */
export type UserMessageContent = string | Array<TextPart | ImagePart | FilePart>;

type ToolResultOutput = Awaited<ReturnType<NonNullable<AiTool['toModelOutput']>>>;

/** A tool result as a model reads it, and images that must follow it in a message of their own. */
export interface ToolOutputForModel {
  readonly output: ToolResultOutput;
  /** Images for a provider that sees images only in user messages (OpenAI's chat completions). */
  readonly followingImages?: readonly ImagePart[];
}

/**
 * The multimodal port: how prompts with attachments and rich tool results reach a model.
 * Registered by `addSvcMultiModal`; without it, a prompt with attachments is refused.
 */
export interface MultiModalContent {
  /** Reads, checks and normalises the attachments (size, format, duration); throws for one that fails. */
  prepare(attachments: readonly PromptAttachment[]): Promise<readonly MultiModalPart[]>;
  /**
   * The user message for `model`: text and image parts for a vision-capable provider, the text
   * form (a note per attachment) for the others. Audio and file parts bound for a vision
   * provider throw a not-supported error.
   */
  userMessage(text: string, parts: readonly MultiModalPart[], model: ChatModel): UserMessageContent;
  /** A tool's result for `model`: its images checked, sent where the provider takes them, described otherwise. */
  toolOutput(result: ToolResult, model: ChatModel): ToolOutputForModel;
}

export const MultiModalContentService = serviceToken<MultiModalContent>('MultiModalContent');
