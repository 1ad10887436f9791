import { createRequire } from 'node:module';

// The CommonJS modules of Arrow that read a message's envelope and write a file footer,
// without decoding record batches (Arrow for JavaScript cannot decode compressed ones).
const require = createRequire(import.meta.url);
const { Message: MessageTable } = require('apache-arrow/fb/message') as typeof import('apache-arrow/fb/message');
// Arrow's own copy of flatbuffers, whose buffers its generated readers take.
const { ByteBuffer } = createRequire(require.resolve('apache-arrow'))('flatbuffers') as {
  ByteBuffer: new (bytes: Uint8Array) => Parameters<typeof MessageTable.getRootAsMessage>[0];
};
const { Message } = require('apache-arrow') as typeof import('apache-arrow');
const { FileBlock, Footer } =
  require('apache-arrow/ipc/metadata/file') as typeof import('apache-arrow/ipc/metadata/file');

const continuationMarker = 0xffffffff;
const magic = Buffer.from('ARROW1');
const schemaHeader = 1;
const recordBatchHeader = 3;

/**
 * The Arrow IPC stream `stream` as an Arrow IPC file, its messages copied byte for byte
 * (compressed bodies stay compressed): LanceDB's native writers read files, the remote
 * client sends streams.
 */
export function arrowStreamToFile(stream: Buffer): Buffer {
  const parts: Buffer[] = [magic, Buffer.alloc(2)];
  let written = 8;
  let schema: import('apache-arrow').Schema | undefined;
  const batches: InstanceType<typeof FileBlock>[] = [];
  for (let position = 0; position + 4 <= stream.length; ) {
    const start = position;
    let metadataLength = stream.readUInt32LE(position);
    position += 4;
    if (metadataLength === continuationMarker) {
      metadataLength = stream.readUInt32LE(position);
      position += 4;
    }
    if (metadataLength === 0) break; // The end-of-stream marker.
    const metadata = stream.subarray(position, position + metadataLength);
    const envelope = MessageTable.getRootAsMessage(new ByteBuffer(metadata));
    const bodyLength = Number(envelope.bodyLength());
    const end = position + metadataLength + bodyLength;
    if (envelope.headerType() === schemaHeader) {
      schema = Message.decode(metadata).header() as import('apache-arrow').Schema;
    } else if (envelope.headerType() === recordBatchHeader) {
      batches.push(new FileBlock(position + metadataLength - start, bodyLength, written));
    }
    parts.push(stream.subarray(start, end));
    written += end - start;
    position = end;
  }
  if (schema === undefined) throw new Error('the Arrow stream has no schema');
  const footer = Buffer.from(Footer.encode(new Footer(schema, undefined, batches, [])));
  const footerLength = Buffer.alloc(4);
  footerLength.writeInt32LE(footer.length);
  parts.push(footer, footerLength, magic);
  return Buffer.concat(parts);
}
