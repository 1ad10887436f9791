import { Configuration, ConfigurationError, type SettingsTree } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { ContentValidator, mediaSignature, multiModalSettings, wavDurationSeconds } from '../src/index.js';
import { bmp, gif, jpeg, mp3, ogg, png, pngBase64, wav, webp } from './media-fixtures.js';

const settingsOf = (tree: SettingsTree = {}) =>
  Configuration.fromObject({ Svc: { MultiModal: tree } }, [multiModalSettings]).get(multiModalSettings);
const validator = (tree: SettingsTree = {}) => new ContentValidator(settingsOf(tree));

describe('media are judged by their bytes', () => {
  it('knows the four image formats, the three sound formats, and names others', () => {
    expect(mediaSignature(png)).toMatchObject({ kind: 'image', format: 'png', mimeType: 'image/png' });
    expect(mediaSignature(jpeg)).toMatchObject({ kind: 'image', format: 'jpeg', mimeType: 'image/jpeg' });
    expect(mediaSignature(gif)).toMatchObject({ kind: 'image', format: 'gif', mimeType: 'image/gif' });
    expect(mediaSignature(webp)).toMatchObject({ kind: 'image', format: 'webp', mimeType: 'image/webp' });
    expect(mediaSignature(wav(1))).toMatchObject({ kind: 'audio', format: 'wav', mimeType: 'audio/wav' });
    expect(mediaSignature(mp3)).toMatchObject({ kind: 'audio', format: 'mp3', mimeType: 'audio/mpeg' });
    expect(mediaSignature(ogg)).toMatchObject({ kind: 'audio', format: 'ogg', mimeType: 'audio/ogg' });
    expect(mediaSignature(bmp)).toEqual({ kind: 'other', description: 'a BMP image' });
    expect(mediaSignature(Buffer.from('%PDF-1.7'))).toEqual({ kind: 'other', description: 'a PDF document' });
    expect(mediaSignature(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      kind: 'other',
      description: 'an SVG image',
    });
    expect(mediaSignature(Buffer.from('hello'))).toBeUndefined();
  });

  it('reads a WAV file’s length from its header', () => {
    expect(wavDurationSeconds(wav(2.5))).toBe(2.5);
    expect(wavDurationSeconds(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeUndefined();
  });
});

describe('ContentValidator', () => {
  it('gives an image the MIME type of its bytes, not the one declared', () => {
    const checked = validator().validate({ type: 'image', data: png, mimeType: 'image/jpeg', name: 'photo.jpg' });
    expect(checked).toEqual({
      valid: true,
      part: { type: 'image', data: pngBase64, mimeType: 'image/png', sizeBytes: png.length, name: 'photo.jpg' },
    });
  });

  it('takes base64 text and data URLs', () => {
    expect(validator().validate({ type: 'image', data: pngBase64 })).toMatchObject({ valid: true });
    expect(validator().validate({ type: 'image', data: `data:image/gif;base64,${pngBase64}` })).toMatchObject({
      valid: true,
      part: { mimeType: 'image/png' },
    });
  });

  it('refuses an image whose bytes are another format, naming what they are and what is supported', () => {
    expect(validator().validate({ type: 'image', data: bmp, mimeType: 'image/png', name: '/in/scan.png' })).toEqual({
      valid: false,
      code: 'MULTIMODAL_FORMAT_UNSUPPORTED',
      problem:
        'the image /in/scan.png: its bytes are a BMP image; supported (Svc:MultiModal:SupportedImageFormats): png, jpeg, gif, webp. Convert it to one of those.',
    });
    expect(validator().validate({ type: 'image', data: wav(1) })).toMatchObject({
      valid: false,
      problem: expect.stringContaining('its bytes are not an image but a WAV sound'),
    });
  });

  it('keeps to SupportedImageFormats when it lists fewer', () => {
    expect(validator({ SupportedImageFormats: ['png', 'jpeg'] }).validate({ type: 'image', data: gif })).toMatchObject({
      valid: false,
      code: 'MULTIMODAL_FORMAT_UNSUPPORTED',
      problem: expect.stringContaining(
        'its bytes are a GIF image; supported (Svc:MultiModal:SupportedImageFormats): png, jpeg',
      ),
    });
  });

  it('refuses an image over MaxImageSizeBytes', () => {
    expect(validator({ MaxImageSizeBytes: 50 }).validate({ type: 'image', data: png, name: 'big.png' })).toEqual({
      valid: false,
      code: 'MULTIMODAL_TOO_LARGE',
      problem:
        'the image big.png is 70 B, more than Svc:MultiModal:MaxImageSizeBytes (50 B): make it smaller, or raise the limit.',
    });
  });

  it('checks a sound’s length: a WAV file’s own, or the one given', () => {
    expect(validator().validate({ type: 'audio', data: wav(301) })).toMatchObject({
      valid: false,
      code: 'MULTIMODAL_TOO_LONG',
      problem: expect.stringContaining('lasts 301 s, more than Svc:MultiModal:MaxAudioDurationSeconds (300 s)'),
    });
    expect(validator().validate({ type: 'audio', data: wav(3) })).toMatchObject({
      valid: true,
      part: { mimeType: 'audio/wav', durationSeconds: 3 },
    });
    expect(
      validator({ MaxAudioDurationSeconds: 10 }).validate({ type: 'audio', data: mp3, durationSeconds: 11 }),
    ).toMatchObject({
      valid: false,
      code: 'MULTIMODAL_TOO_LONG',
    });
    expect(validator({ SupportedAudioFormats: ['wav'] }).validate({ type: 'audio', data: ogg })).toMatchObject({
      valid: false,
      code: 'MULTIMODAL_FORMAT_UNSUPPORTED',
    });
  });

  it('needs a file’s MIME type, and refuses data that is not base64 or is empty', () => {
    expect(validator().validate({ type: 'file', data: Buffer.from('%PDF-1.7') })).toMatchObject({
      valid: false,
      code: 'MULTIMODAL_ATTACHMENT_INVALID',
      problem: 'the file needs its MIME type (mimeType, e.g. "application/pdf").',
    });
    expect(
      validator().validate({ type: 'file', data: Buffer.from('%PDF'), mimeType: 'application/pdf' }),
    ).toMatchObject({
      valid: true,
    });
    expect(validator().validate({ type: 'image', data: 'not base64!' })).toMatchObject({
      code: 'MULTIMODAL_ATTACHMENT_INVALID',
      problem: 'the image: its data is not base64; give base64 text or bytes.',
    });
    expect(validator().validate({ type: 'image', data: new Uint8Array() })).toMatchObject({
      problem: 'the image is empty.',
    });
  });
});

describe('Svc:MultiModal', () => {
  it('has the original defaults', () => {
    expect(settingsOf()).toEqual({
      Enabled: true,
      MaxImageSizeBytes: 20 * 1024 * 1024,
      SupportedImageFormats: ['png', 'jpeg', 'gif', 'webp'],
      MaxAudioDurationSeconds: 300,
      SupportedAudioFormats: ['wav', 'mp3', 'ogg'],
      VisionProviders: ['openai', 'anthropic', 'azure-openai'],
    });
  });

  it('refuses a format it cannot send and an unknown key, naming them', () => {
    expect(() => settingsOf({ SupportedImageFormats: ['png', 'bmp'] })).toThrow(ConfigurationError);
    expect(() => settingsOf({ SupportedImageFormats: ['png', 'bmp'] })).toThrow(/SupportedImageFormats/);
    expect(() => settingsOf({ MaxImageBytes: 5 })).toThrow(/MaxImageBytes/);
  });
});
