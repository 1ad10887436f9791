// Just enough of the protobuf wire format to write an ONNX file by hand (varints, length-delimited
// fields), so the tests make their model instead of shipping or downloading one.

const varintWireType = 0;
const lengthDelimitedWireType = 2;

export function varint(value: number | bigint): Uint8Array {
  // Negative numbers are written as 64-bit two's complement, as protobuf does for int64.
  let remaining = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  while (remaining >= 0x80n) {
    bytes.push(Number(remaining & 0x7fn) | 0x80);
    remaining >>= 7n;
  }
  bytes.push(Number(remaining));
  return Uint8Array.from(bytes);
}

export function concatenate(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

function key(fieldNumber: number, wireType: number): Uint8Array {
  return varint((fieldNumber << 3) | wireType);
}

export function integerField(fieldNumber: number, value: number | bigint): Uint8Array {
  return concatenate([key(fieldNumber, varintWireType), varint(value)]);
}

export function bytesField(fieldNumber: number, value: Uint8Array): Uint8Array {
  return concatenate([key(fieldNumber, lengthDelimitedWireType), varint(value.length), value]);
}

export function stringField(fieldNumber: number, value: string): Uint8Array {
  return bytesField(fieldNumber, new TextEncoder().encode(value));
}

export function messageField(fieldNumber: number, fields: readonly Uint8Array[]): Uint8Array {
  return bytesField(fieldNumber, concatenate(fields));
}
