import type { AudioFormat, ImageFormat } from './multimodal-settings.js';

/** What a file's first bytes say it is. */
export type MediaSignature =
  | { readonly kind: 'image'; readonly format: ImageFormat; readonly mimeType: string }
  | { readonly kind: 'audio'; readonly format: AudioFormat; readonly mimeType: string }
  /** A format recognised but never sent (BMP, TIFF, SVG, HEIC, PDF, FLAC, …): named in the refusal. */
  | { readonly kind: 'other'; readonly description: string };

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

/**
 * The format of `bytes`, judged by their signature and never by a name or a declared type
 * (a PNG renamed `.jpg` is a PNG). `undefined` when nothing known matches.
 */
export function mediaSignature(bytes: Uint8Array): MediaSignature | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', format: 'png', mimeType: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', format: 'jpeg', mimeType: 'image/jpeg' };
  const head = ascii(bytes, 0, 12);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a'))
    return { kind: 'image', format: 'gif', mimeType: 'image/gif' };
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP')
    return { kind: 'image', format: 'webp', mimeType: 'image/webp' };
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WAVE')
    return { kind: 'audio', format: 'wav', mimeType: 'audio/wav' };
  if (head.startsWith('OggS')) return { kind: 'audio', format: 'ogg', mimeType: 'audio/ogg' };
  // An ID3 tag, or an MPEG audio frame header (11 sync bits, layer III).
  if (head.startsWith('ID3') || (bytes.length > 1 && bytes[0] === 0xff && ((bytes[1] as number) & 0xe6) === 0xe2))
    return { kind: 'audio', format: 'mp3', mimeType: 'audio/mpeg' };
  return otherFormat(bytes, head);
}

function otherFormat(bytes: Uint8Array, head: string): MediaSignature | undefined {
  const other = (description: string) => ({ kind: 'other' as const, description });
  if (head.startsWith('BM')) return other('a BMP image');
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return other('a TIFF image');
  if (head.slice(4, 8) === 'ftyp') {
    const brand = head.slice(8, 12);
    if (/^(heic|heix|mif1|msf1)$/.test(brand)) return other('a HEIC image');
    if (brand.startsWith('avi')) return other('an AVIF image');
    if (brand.startsWith('M4A')) return other('an M4A (AAC) sound');
    return other('an MP4 video');
  }
  if (head.startsWith('%PDF')) return other('a PDF document');
  if (head.startsWith('fLaC')) return other('a FLAC sound');
  const text = ascii(bytes, 0, 256).trimStart().toLowerCase();
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg'))) return other('an SVG image');
  return undefined;
}

/**
 * The length of a WAV sound in seconds, from its `fmt ` chunk's byte rate and its `data`
 * chunk's size; `undefined` when the header does not say.
 */
export function wavDurationSeconds(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let byteRate: number | undefined;
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ' && offset + 16 <= bytes.length) byteRate = view.getUint32(offset + 16, true);
    if (id === 'data') return byteRate === undefined || byteRate === 0 ? undefined : size / byteRate;
    // Chunks are padded to an even size.
    offset += 8 + size + (size % 2);
  }
  return undefined;
}
