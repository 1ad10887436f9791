import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** The image formats a vision payload may carry. */
export const imageFormats = ['png', 'jpeg', 'gif', 'webp'] as const;
export type ImageFormat = (typeof imageFormats)[number];

/** The sound formats the validation knows. */
export const audioFormats = ['wav', 'mp3', 'ogg'] as const;
export type AudioFormat = (typeof audioFormats)[number];

/** `Svc:MultiModal`: attachments and the media of tool results (reference brief §11, item 8). */
export const multiModalSettings = defineSettingsSection(
  'Svc:MultiModal',
  z.object({
    Enabled: z
      .boolean()
      .default(true)
      .describe('false keeps attachments checked but sends every model their text form: no image leaves the process.'),
    MaxImageSizeBytes: z
      .number()
      .int()
      .positive()
      .default(20 * 1024 * 1024)
      .describe('The largest image sent, in bytes (default 20 MB); a larger one is refused.'),
    SupportedImageFormats: z
      .array(z.enum(imageFormats))
      .min(1)
      .default([...imageFormats])
      .describe('The image formats sent, judged by the bytes (png, jpeg, gif, webp, or fewer).'),
    MaxAudioDurationSeconds: z
      .number()
      .positive()
      .default(300)
      .describe('The longest sound accepted, in seconds (default 300).'),
    SupportedAudioFormats: z
      .array(z.enum(audioFormats))
      .min(1)
      .default([...audioFormats])
      .describe('The sound formats accepted, judged by the bytes (wav, mp3, ogg, or fewer).'),
    VisionProviders: z
      .array(z.string().min(1))
      .min(1)
      .default(['openai', 'anthropic', 'azure-openai'])
      .describe(
        'The providers (ChatModel.provider, lower case) sent images; the others read the text form. Add one whose models see images through an OpenAI-compatible API (e.g. gemini, mistral, ollama with a vision model).',
      ),
  }),
  {
    description:
      'Multimodal content (addSvcMultiModal, @orkeon/multimodal): attachments of prompts and tasks, and the images of tool results, checked and sent to vision-capable providers. orkeon run registers it when this section is present.',
  },
);

export type MultiModalSettings = SectionSettings<typeof multiModalSettings>;
