import { type MultiModalPart, serviceToken } from '@orkeon/core';
import type { MultiModalErrorCode } from './errors/error-codes.js';
import { mediaSignature, wavDurationSeconds } from './media-signature.js';
import type { MultiModalSettings } from './multimodal-settings.js';

/** Media to check: an image, a sound or a file, its bytes as base64 text or bytes. */
export interface MultiModalContentInput {
  readonly type: 'image' | 'audio' | 'file';
  readonly data: string | Uint8Array;
  /** Needed for a file; for images and sounds the bytes decide. */
  readonly mimeType?: string;
  /** Where it came from (a virtual path, a file name), for messages and the text form. */
  readonly name?: string;
  /** A sound's length when known; WAV files carry their own. */
  readonly durationSeconds?: number;
}

/** The verdict on one piece of media: the checked part, or the first problem with its code. */
export type ContentValidation =
  | { readonly valid: true; readonly part: MultiModalPart }
  | { readonly valid: false; readonly code: MultiModalErrorCode; readonly problem: string };

const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Checks media against `Svc:MultiModal`: an image's format by its bytes (png, jpeg, gif,
 * webp) and its size, a sound's format by its bytes and its length, a file's MIME type. The
 * declared MIME type of an image or a sound is never trusted: the checked part carries the
 * one its bytes show.
 */
export class ContentValidator {
  readonly #settings: MultiModalSettings;

  constructor(settings: MultiModalSettings) {
    this.#settings = settings;
  }

  validate(content: MultiModalContentInput): ContentValidation {
    const label = describe(content);
    const decoded = decode(content.data);
    if (decoded === undefined)
      return invalid('MULTIMODAL_ATTACHMENT_INVALID', `${label}: its data is not base64; give base64 text or bytes.`);
    const { bytes, data } = decoded;
    if (bytes.length === 0) return invalid('MULTIMODAL_ATTACHMENT_INVALID', `${label} is empty.`);
    const named = content.name === undefined ? {} : { name: content.name };
    if (content.type === 'file') {
      if (content.mimeType === undefined || !/^[\w.+-]+\/[\w.+-]+$/.test(content.mimeType))
        return invalid(
          'MULTIMODAL_ATTACHMENT_INVALID',
          `${label} needs its MIME type (mimeType, e.g. "application/pdf").`,
        );
      return {
        valid: true,
        part: { type: 'file', data, mimeType: content.mimeType, sizeBytes: bytes.length, ...named },
      };
    }
    const signature = mediaSignature(bytes);
    const settings = this.#settings;
    const allowed = content.type === 'image' ? settings.SupportedImageFormats : settings.SupportedAudioFormats;
    if (signature?.kind !== content.type || !(allowed as readonly string[]).includes(signature.format)) {
      const seen =
        signature === undefined
          ? 'its bytes are no known format'
          : signature.kind === 'other'
            ? `its bytes are ${signature.description}`
            : `its bytes are ${signature.kind === content.type ? 'a' : 'not an image but a'} ${signature.format.toUpperCase()} ${signature.kind === 'image' ? 'image' : 'sound'}`;
      const key = content.type === 'image' ? 'SupportedImageFormats' : 'SupportedAudioFormats';
      return invalid(
        'MULTIMODAL_FORMAT_UNSUPPORTED',
        `${label}: ${seen}; supported (Svc:MultiModal:${key}): ${allowed.join(', ')}. Convert it to one of those.`,
      );
    }
    if (content.type === 'image' && bytes.length > settings.MaxImageSizeBytes)
      return invalid(
        'MULTIMODAL_TOO_LARGE',
        `${label} is ${formatSize(bytes.length)}, more than Svc:MultiModal:MaxImageSizeBytes (${formatSize(settings.MaxImageSizeBytes)}): make it smaller, or raise the limit.`,
      );
    const duration =
      content.type === 'audio'
        ? (content.durationSeconds ?? (signature.format === 'wav' ? wavDurationSeconds(bytes) : undefined))
        : undefined;
    if (duration !== undefined && duration > settings.MaxAudioDurationSeconds)
      return invalid(
        'MULTIMODAL_TOO_LONG',
        `${label} lasts ${Math.round(duration)} s, more than Svc:MultiModal:MaxAudioDurationSeconds (${settings.MaxAudioDurationSeconds} s): cut it, or raise the limit.`,
      );
    return {
      valid: true,
      part: {
        type: content.type,
        data,
        mimeType: signature.mimeType,
        sizeBytes: bytes.length,
        ...named,
        ...(duration === undefined ? {} : { durationSeconds: duration }),
      },
    };
  }
}

/** The validator `addSvcMultiModal` registers, for hosts that check media themselves. */
export const ContentValidationService = serviceToken<ContentValidator>('MultiModal.ContentValidator');

const invalid = (code: MultiModalErrorCode, problem: string): ContentValidation => ({ valid: false, code, problem });

function describe(content: MultiModalContentInput): string {
  return `the ${content.type}${content.name === undefined ? '' : ` ${content.name}`}`;
}

function decode(data: string | Uint8Array): { bytes: Uint8Array; data: string } | undefined {
  if (typeof data !== 'string') return { bytes: data, data: Buffer.from(data).toString('base64') };
  // A data URL (`data:image/png;base64,…`) gives its base64 after the comma; its declared type is not trusted either.
  const body = /^data:[^,]*;base64,/i.test(data) ? data.slice(data.indexOf(',') + 1) : data;
  const text = body.replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !base64.test(text)) return undefined;
  return { bytes: Buffer.from(text, 'base64'), data: text };
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
