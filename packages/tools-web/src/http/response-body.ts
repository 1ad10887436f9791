import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** A body read up to a limit: the bytes kept, and whether more was there. */
export interface LimitedBody {
  readonly bytes: Buffer;
  readonly cut: boolean;
}

/**
 * Reads a response body, decompressed when the server compressed it, and stops at
 * `limit` bytes after decompression (so a small compressed bomb cannot fill memory).
 * Stopping destroys the stream: nothing more is downloaded.
 */
export async function readLimitedBody(body: Readable, contentEncoding: string, limit: number): Promise<LimitedBody> {
  const decoder = decompressorFor(contentEncoding);
  const source: Readable = decoder === undefined ? body : body.pipe(decoder);
  if (decoder !== undefined) body.on('error', (error) => decoder.destroy(error));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      const bytes = chunk as Buffer;
      if (size + bytes.length > limit) {
        chunks.push(bytes.subarray(0, limit - size));
        size = limit;
        return { bytes: Buffer.concat(chunks, size), cut: true };
      }
      chunks.push(bytes);
      size += bytes.length;
    }
  } finally {
    if (!source.readableEnded) source.destroy();
    if (!body.readableEnded) body.destroy();
  }
  return { bytes: Buffer.concat(chunks, size), cut: false };
}

function decompressorFor(contentEncoding: string): Transform | undefined {
  switch (contentEncoding.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}
