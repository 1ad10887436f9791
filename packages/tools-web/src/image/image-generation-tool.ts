import {
  defineTool,
  isDenial,
  type Tool,
  type ToolContentInput,
  type ToolContext,
  type ToolReturn,
  toolContent,
  toolDenied,
  toolFailure,
} from '@orkeon/core';
import { z } from 'zod';
import type { WebHttpClient } from '../http/web-http-client.js';
import { scrub } from '../search/search-results.js';
import {
  bindImageGenerationSettings,
  type ImageGenerationSettings,
  type ImageGenerationSettingsInput,
} from '../settings/service-settings.js';
import { bindWebSettings, type WebSettingsInput } from '../settings/web-settings.js';
import { baseUrlHost, createWebHttpClient, type WebToolOptions } from '../web-tool-parts.js';

export const imageGenerationToolName = 'image_generation';

export const imageGenerationInput = z.strictObject({
  prompt: z.string().min(1).max(4_000).describe('What the image shows.'),
  size: z
    .string()
    .regex(/^\d{2,5}x\d{2,5}$/, 'width x height, e.g. 1024x1024')
    .optional()
    .describe('Width x height, e.g. 1024x1024 (default: Svc:Tools:Web:ImageGeneration:Size).'),
  count: z.number().int().min(1).max(10).default(1).describe('How many images.'),
  save_to: z
    .string()
    .optional()
    .describe(
      'A virtual path to save the image to (e.g. /output/cat.png); several images get -2, -3, … before the extension.',
    ),
});

export type ImageGenerationInput = z.output<typeof imageGenerationInput>;

const extensions: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * The `image_generation` tool: images from a prompt through the AI SDK's `generateImage`
 * and an OpenAI image model (or a compatible endpoint). The images come back as image
 * content, and are saved through the file system when `save_to` names a virtual path.
 * Access `Execute`: it spends money on an outside service and may write a file.
 */
export function createImageGenerationTool(
  apiKey: string,
  settings: { readonly web?: WebSettingsInput; readonly image?: ImageGenerationSettingsInput } = {},
  options: Pick<WebToolOptions, 'resolve'> = {},
): Tool<ImageGenerationInput> {
  const web = bindWebSettings(settings.web);
  const image = bindImageGenerationSettings(settings.image);
  const client = createWebHttpClient(web, {
    extraAllowedHosts: [baseUrlHost(image.BaseUrl)],
    ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
  });
  return defineTool({
    name: imageGenerationToolName,
    description: `Generates images from a text prompt (${image.Model}); answers them as images and saves them when save_to names a path.`,
    input: imageGenerationInput,
    access: 'Execute',
    networkGuard: client.guard,
    // Image models take a while; the request's own time limit is the settings' TimeoutSeconds at least.
    timeoutMilliseconds: Math.max(web.TimeoutSeconds, 120) * 1_000 + 5_000,
    execute: (input, context) =>
      generate(input, context, { apiKey, image, client, timeoutSeconds: Math.max(web.TimeoutSeconds, 120) }),
  });
}

async function generate(
  input: ImageGenerationInput,
  context: ToolContext,
  parts: { apiKey: string; image: ImageGenerationSettings; client: WebHttpClient; timeoutSeconds: number },
): Promise<ToolReturn> {
  if (input.count > parts.image.MaxImages)
    return toolFailure(
      `Ask for at most ${parts.image.MaxImages} images per call (Svc:Tools:Web:ImageGeneration:MaxImages).`,
    );
  const [{ generateImage }, { createOpenAI }] = await Promise.all([import('ai'), import('@ai-sdk/openai')]);
  const provider = createOpenAI({
    apiKey: parts.apiKey,
    baseURL: parts.image.BaseUrl.replace(/\/$/, ''),
    fetch: parts.client.fetch,
  });
  let images: readonly { uint8Array: Uint8Array; mediaType: string }[];
  try {
    const result = await generateImage({
      model: provider.image(parts.image.Model),
      prompt: input.prompt,
      n: input.count,
      size: (input.size ?? parts.image.Size) as `${number}x${number}`,
      maxRetries: 0,
      abortSignal: AbortSignal.any([context.signal, AbortSignal.timeout(parts.timeoutSeconds * 1_000)]),
    });
    images = result.images;
  } catch (error) {
    return toolFailure(scrub(describeImageError(error), parts.apiKey));
  }
  if (images.length === 0) return toolFailure('The image model answered no image.');
  const content: ToolContentInput[] = [
    `${images.length} image${images.length === 1 ? '' : 's'} for: ${input.prompt.slice(0, 200)}`,
  ];
  for (const [index, image] of images.entries()) {
    if (input.save_to !== undefined) {
      const path = numberedPath(input.save_to, index, images.length, extensions[image.mediaType]);
      const written = await context.vfs.writeBytes(path, image.uint8Array);
      if (!written.ok) return isDenial(written.code) ? toolDenied(written.message) : toolFailure(written.message);
      content.push(`Saved ${written.value.path}`);
    }
    content.push({ type: 'image', data: image.uint8Array, mimeType: image.mediaType });
  }
  return toolContent(content);
}

/** `/out/cat.png` for the first image, `/out/cat-2.png` for the second; an extension is added when the path has none. */
export function numberedPath(path: string, index: number, total: number, extension: string | undefined): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  const hasExtension = dot > slash + 1;
  const stem = hasExtension ? path.slice(0, dot) : path;
  const suffix = hasExtension ? path.slice(dot) : extension === undefined ? '' : `.${extension}`;
  return `${stem}${total > 1 && index > 0 ? `-${index + 1}` : ''}${suffix}`;
}

function describeImageError(error: unknown): string {
  const status = (error as { statusCode?: unknown }).statusCode;
  const message = (error as Error).message?.split('\n')[0] ?? String(error);
  if (status === 401)
    return 'The image service refused the key (401): check Svc:Tools:Web:ImageGeneration:ApiKey or OPENAI_API_KEY.';
  if (status === 400) return `The image service refused the request (400): ${message}`;
  if (typeof status === 'number') return `The image service answered ${status}: ${message}`;
  return `Could not generate the image: ${message}`;
}
