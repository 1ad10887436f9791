// The few protobuf wire rules an ONNX model file needs (varints, tags, length-delimited fields), so that a
// test can write a real model file by hand instead of shipping a binary.

/** One encoded field, ready to be joined with the others of its message. */
export type ProtobufField = Uint8Array;

const varintType = 0;
const lengthDelimitedType = 2;

export function varint(value: number | bigint): Uint8Array {
  let rest = BigInt(value);
  if (rest < 0n) rest += 1n << 64n;
  const bytes: number[] = [];
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    bytes.push(rest === 0n ? low : low | 0x80);
  } while (rest !== 0n);
  return Uint8Array.from(bytes);
}

function tag(fieldNumber: number, wireType: number): Uint8Array {
  return varint((fieldNumber << 3) | wireType);
}

export function join(parts: readonly Uint8Array[]): Uint8Array {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

export function integerField(fieldNumber: number, value: number | bigint): ProtobufField {
  return join([tag(fieldNumber, varintType), varint(value)]);
}

export function bytesField(fieldNumber: number, value: Uint8Array): ProtobufField {
  return join([tag(fieldNumber, lengthDelimitedType), varint(value.length), value]);
}

export function textField(fieldNumber: number, value: string): ProtobufField {
  return bytesField(fieldNumber, new TextEncoder().encode(value));
}

export function messageField(fieldNumber: number, fields: readonly ProtobufField[]): ProtobufField {
  return bytesField(fieldNumber, join(fields));
}
