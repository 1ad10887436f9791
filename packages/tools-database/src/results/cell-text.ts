/** Bytes shown of a binary value before its length. */
const shownBinaryBytes = 32;

/**
 * A value the way a result shows it: plain JSON values as they are, dates as ISO
 * text, big integers as text, bytes as `0x…` hex with their length, other objects
 * (JSON columns, documents) as they serialise. Text longer than `maxCharacters` is
 * cut, saying how long it was.
 */
export function cellValue(value: unknown, maxCharacters: number): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return cut(value, maxCharacters);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof Uint8Array) return binaryText(value);
  return cut(jsonText(value), maxCharacters);
}

function binaryText(bytes: Uint8Array): string {
  const shown = Buffer.from(bytes.subarray(0, shownBinaryBytes)).toString('hex');
  const more = bytes.length > shownBinaryBytes ? '…' : '';
  return `0x${shown}${more} (${bytes.length} bytes)`;
}

function jsonText(value: unknown): string {
  try {
    return (
      JSON.stringify(value, (_key, inner: unknown) => {
        if (typeof inner === 'bigint') return inner.toString();
        if (inner instanceof Uint8Array) return binaryText(inner);
        // Buffer.toJSON runs before the replacer sees it: catch the { type: 'Buffer', data } form too.
        if (isSerialisedBuffer(inner)) return binaryText(Uint8Array.from(inner.data));
        return inner;
      }) ?? String(value)
    );
  } catch {
    return String(value);
  }
}

function isSerialisedBuffer(value: unknown): value is { type: 'Buffer'; data: number[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'Buffer' &&
    Array.isArray((value as { data?: unknown }).data)
  );
}

function cut(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  return `${text.slice(0, maxCharacters)}… (${text.length.toLocaleString('en-US')} characters)`;
}
