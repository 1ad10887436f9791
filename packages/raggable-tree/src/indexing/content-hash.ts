import { createHash } from 'node:crypto';

/** The SHA-256 of a text, hex: what tells a changed file from an unchanged one. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
