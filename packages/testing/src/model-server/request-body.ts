import type { IncomingMessage } from 'node:http';

/** Largest request body the scripted model server accepts: 10 MB. Larger bodies are answered 413. */
export const maxRequestBodyBytes = 10 * 1024 * 1024;

export type RequestBody =
  | { readonly kind: 'complete'; readonly text: string }
  | { readonly kind: 'too-large' }
  /** The client went away before sending the whole body. */
  | { readonly kind: 'aborted' };

/** Reads the whole body as UTF-8 text, keeping at most `limitBytes`. */
export async function readRequestBody(
  request: IncomingMessage,
  limitBytes = maxRequestBodyBytes,
): Promise<RequestBody> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of request as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      // Past the limit the rest is read and dropped: a client still uploading would
      // see a broken connection instead of the 413 if the server stopped reading.
      if (bytes <= limitBytes) chunks.push(chunk);
      else chunks.length = 0;
    }
  } catch {
    return { kind: 'aborted' };
  }
  return bytes > limitBytes
    ? { kind: 'too-large' }
    : { kind: 'complete', text: Buffer.concat(chunks).toString('utf8') };
}
