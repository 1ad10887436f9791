import {
  type ChatModel,
  type MultiModalContent,
  type MultiModalPart,
  type PromptAttachment,
  providersTakingToolMedia,
  summarizeContent,
  type ToolContentPart,
  type ToolOutputForModel,
  type ToolResult,
  type UserMessageContent,
} from '@orkeon/core';
import { type ContentValidator, formatSize } from './content-validation.js';
import type { MultiModalContentLoader } from './multimodal-content-loader.js';
import { MultiModalError, MultiModalNotSupportedError } from './multimodal-error.js';
import type { MultiModalSettings } from './multimodal-settings.js';

type ImagePart = Extract<Exclude<UserMessageContent, string>[number], { type: 'image' }>;
type ToolOutputPart = Extract<ToolOutputForModel['output'], { type: 'content' }>['value'][number];

/**
 * How attachments and the media of tool results reach a model: checked, then sent as image
 * parts to a vision-capable provider (`Svc:MultiModal:VisionProviders`) and as their text
 * form to the others. Audio and files are sent to no provider: bound for a vision payload
 * they are refused, as the contract says; in a tool's result they are described in text, so
 * the rest of the tool's answer still reaches the model.
 */
export class VisionMultiModalContent implements MultiModalContent {
  readonly #settings: MultiModalSettings;
  readonly #validator: ContentValidator;
  readonly #loader: MultiModalContentLoader;
  readonly #vision: ReadonlySet<string>;

  constructor(settings: MultiModalSettings, validator: ContentValidator, loader: MultiModalContentLoader) {
    this.#settings = settings;
    this.#validator = validator;
    this.#loader = loader;
    this.#vision = new Set(settings.VisionProviders.map((provider) => provider.toLowerCase()));
  }

  /** Whether `model` is sent images: its provider is a vision provider and the subsystem is enabled. */
  seesImages(model: ChatModel): boolean {
    return this.#settings.Enabled && this.#vision.has(model.provider.toLowerCase());
  }

  async prepare(attachments: readonly PromptAttachment[]): Promise<readonly MultiModalPart[]> {
    if (!Array.isArray(attachments))
      throw new MultiModalError(
        'MULTIMODAL_ATTACHMENT_INVALID',
        'attachments must be an array, e.g. [{ type: "path", path: "/data/chart.png" }].',
      );
    const parts: MultiModalPart[] = [];
    for (const [index, attachment] of attachments.entries()) {
      const type = (attachment as { type?: unknown } | null)?.type;
      if (type === 'path') {
        const path = (attachment as { path?: unknown }).path;
        if (typeof path !== 'string' || path === '')
          throw new MultiModalError(
            'MULTIMODAL_ATTACHMENT_INVALID',
            `attachment ${index} needs a virtual path (path).`,
          );
        parts.push(await this.#loader.loadImage(path));
        continue;
      }
      if (type !== 'image' && type !== 'audio' && type !== 'file')
        throw new MultiModalError(
          'MULTIMODAL_ATTACHMENT_INVALID',
          `attachment ${index} has the type ${JSON.stringify(type)}; use image, audio, file or path.`,
        );
      const checked = this.#validator.validate(attachment as Exclude<PromptAttachment, { type: 'path' }>);
      if (!checked.valid) throw new MultiModalError(checked.code, `attachment ${index}, ${checked.problem}`);
      parts.push(checked.part);
    }
    return parts;
  }

  userMessage(text: string, parts: readonly MultiModalPart[], model: ChatModel): UserMessageContent {
    if (parts.length === 0) return text;
    if (!this.seesImages(model))
      return `${text}\n\n${parts.map((part) => `${textForm(part)} (not shown to this model)`).join('\n')}`;
    const unsent = parts.find((part) => part.type !== 'image');
    if (unsent !== undefined)
      throw new MultiModalNotSupportedError(
        `${textForm(unsent)}: ${unsent.type === 'audio' ? 'audio is' : 'files are'} sent to no provider, and ${model.provider} is sent images only. Remove it, or give its content as text (a transcript, the file's text).`,
      );
    return [
      { type: 'text', text },
      ...parts.map((part) => ({ type: 'image' as const, image: part.data, mediaType: part.mimeType })),
    ];
  }

  toolOutput(result: ToolResult, model: ChatModel): ToolOutputForModel {
    const content = result.content ?? [];
    if (!this.seesImages(model)) return { output: { type: 'text', value: summarizeContent(content) } };
    const inToolResult = providersTakingToolMedia.has(model.provider);
    const following: ImagePart[] = [];
    const value: ToolOutputPart[] = content.map((part) => {
      if (part.type !== 'image') return toolPartForModel(part, inToolResult);
      const checked = this.#validator.validate({ type: 'image', data: part.data });
      if (!checked.valid)
        return { type: 'text', text: `[image not sent: ${checked.problem.replace(/^the image: /, '')}]` };
      const { data, mimeType } = checked.part;
      if (inToolResult) return { type: 'file', data: { type: 'data', data }, mediaType: mimeType };
      following.push({ type: 'image', image: data, mediaType: mimeType });
      return {
        type: 'text',
        text: `[image ${mimeType}, ${formatSize(checked.part.sizeBytes)}: sent after the tool results]`,
      };
    });
    return inToolResult
      ? { output: { type: 'content', value } }
      : {
          output: { type: 'text', value: value.map((part) => (part.type === 'text' ? part.text : '')).join('\n') },
          ...(following.length === 0 ? {} : { followingImages: following }),
        };
  }
}

/** A part's text form: `[image image/png, 12.3 KB: /data/chart.png]`. */
function textForm(part: MultiModalPart): string {
  const name = part.name === undefined ? '' : `: ${part.name}`;
  return `[${part.type} ${part.mimeType}, ${formatSize(part.sizeBytes)}${name}]`;
}

/** A non-image part of a tool result: a PDF where the provider takes it in tool results, text otherwise. */
function toolPartForModel(part: ToolContentPart, inToolResult: boolean): ToolOutputPart {
  if (
    inToolResult &&
    part.type === 'resource' &&
    'blob' in part.resource &&
    part.resource.mimeType === 'application/pdf'
  )
    return { type: 'file', data: { type: 'data', data: part.resource.blob }, mediaType: 'application/pdf' };
  return { type: 'text', text: summarizeContent([part]) };
}
