// Small files of each format, made here byte by byte: only their signatures and headers matter.

/** A real 1×1 PNG. */
export const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
export const png = Buffer.from(pngBase64, 'base64');

export const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 0x01, 0x01, 0xff, 0xd9]);
export const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
export const webp = riff('WEBP', Buffer.from('VP8L\x05\0\0\0\x2f\0\0\0\0'));
export const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
export const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(32)]);
export const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(40)]);

/** A silent WAV of `seconds` at 8 kHz, 8-bit mono (8,000 bytes a second); the data chunk claims the length. */
export function wav(seconds: number, options: { withSamples?: boolean } = {}): Buffer {
  const byteRate = 8000;
  const dataSize = Math.round(seconds * byteRate);
  const format = Buffer.alloc(24);
  format.write('fmt ', 0);
  format.writeUInt32LE(16, 4);
  format.writeUInt16LE(1, 8); // PCM
  format.writeUInt16LE(1, 10); // mono
  format.writeUInt32LE(8000, 12); // sample rate
  format.writeUInt32LE(byteRate, 16);
  format.writeUInt16LE(1, 20); // block align
  format.writeUInt16LE(8, 22); // bits per sample
  const data = Buffer.alloc(8);
  data.write('data', 0);
  data.writeUInt32LE(dataSize, 4);
  const samples = options.withSamples === false ? Buffer.alloc(0) : Buffer.alloc(Math.min(dataSize, 64), 0x80);
  return riff('WAVE', Buffer.concat([format, data, samples]));
}

function riff(kind: string, body: Buffer): Buffer {
  const header = Buffer.alloc(12);
  header.write('RIFF', 0);
  header.writeUInt32LE(4 + body.length, 4);
  header.write(kind, 8);
  return Buffer.concat([header, body]);
}
