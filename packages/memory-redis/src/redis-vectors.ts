import { endianness } from 'node:os';

const littleEndian = endianness() === 'LE';

/** A vector as little-endian float32, 4 bytes a dimension: what the `vector` field holds. */
export function vectorToBuffer(vector: readonly number[]): Buffer {
  const buffer = Buffer.allocUnsafe(vector.length * 4);
  for (let index = 0; index < vector.length; index++) buffer.writeFloatLE(vector[index] as number, index * 4);
  return buffer;
}

/**
 * The float32 values of a `vector` field. On a little-endian machine they are read in
 * place (copied only when the reply's bytes are not 4-byte aligned).
 */
export function vectorFromBuffer(buffer: Buffer): Float32Array {
  const dimensions = buffer.length >>> 2;
  if (!littleEndian) {
    const values = new Float32Array(dimensions);
    for (let index = 0; index < dimensions; index++) values[index] = buffer.readFloatLE(index * 4);
    return values;
  }
  if (buffer.byteOffset % 4 === 0) return new Float32Array(buffer.buffer, buffer.byteOffset, dimensions);
  return new Float32Array(Uint8Array.prototype.slice.call(buffer, 0, dimensions * 4).buffer);
}
