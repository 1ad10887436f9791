import type { Readable } from 'node:stream';
import { createInflateRaw, type InflateRaw } from 'node:zlib';
import { DataToolError } from '../errors/data-tool-error.js';

const localFileHeader = 0x04034b50;
const dataDescriptor = 0x08074b50;
const centralDirectoryEntry = 0x02014b50;
const endOfCentralDirectory = 0x06054b50;
/** Compressed bytes handed to the inflater at a time: bounds what one step can expand to. */
const sliceBytes = 16 * 1024;

/** One entry of the archive as its local header describes it. */
export interface ZipEntryHeader {
  readonly name: string;
}

/** What to do with an entry's bytes: receive each inflated chunk (false stops the whole read), then its end. */
export interface ZipEntryReader {
  chunk(bytes: Buffer): boolean;
  end(): void;
}

/**
 * Reads a ZIP archive front to back from a stream, one entry after another, the way an
 * XLSX must be read when only a stream is at hand (the central directory is at the end).
 * Entries written with a data descriptor (sizes unknown in the local header, as streaming
 * writers do) are delimited by the deflate stream's own end, never by searching for a
 * signature, and the descriptor's size is checked against the bytes consumed.
 * `choose` returns a reader for the entries wanted; the others are passed over.
 * Resolves true when every entry was read, false when a reader or `choose` stopped it.
 */
export async function readZipStream(
  source: Readable,
  choose: (entry: ZipEntryHeader) => ZipEntryReader | undefined | 'stop',
  signal: AbortSignal,
): Promise<boolean> {
  const bytes = new ByteQueue(source);
  for (;;) {
    if (signal.aborted) return false;
    const signature = await bytes.peekUint32();
    if (signature === centralDirectoryEntry || signature === endOfCentralDirectory) return true;
    if (signature === undefined) throw damaged('the file ends before its directory (was it cut short?)');
    if (signature !== localFileHeader) throw damaged('an entry does not start where the previous one ended');
    const header = await readLocalHeader(bytes);
    const reader = choose({ name: header.name });
    if (reader === 'stop') return false;
    const completed = await readEntryData(bytes, header, reader, signal);
    if (!completed) return false;
    reader?.end();
  }
}

interface LocalHeader {
  readonly name: string;
  readonly flags: number;
  readonly method: number;
  readonly compressedSize: number;
  readonly zip64: boolean;
}

async function readLocalHeader(bytes: ByteQueue): Promise<LocalHeader> {
  const fixed = await bytes.read(30);
  const flags = fixed.readUInt16LE(6);
  const method = fixed.readUInt16LE(8);
  let compressedSize = fixed.readUInt32LE(18);
  const uncompressedSize = fixed.readUInt32LE(22);
  const name = (await bytes.read(fixed.readUInt16LE(26))).toString(flags & 0x800 ? 'utf8' : 'latin1');
  const extra = await bytes.read(fixed.readUInt16LE(28));
  if (flags & 0x1) {
    throw new DataToolError(
      'DATA_FILE_UNSUPPORTED',
      'The workbook is encrypted (password-protected); save a copy without a password and read that.',
    );
  }
  let zip64 = false;
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      zip64 = true;
      // The ZIP64 field holds the sizes the header marked 0xFFFFFFFF, uncompressed first.
      let field = at + 4;
      if (uncompressedSize === 0xffffffff) field += 8;
      if (compressedSize === 0xffffffff && field + 8 <= at + 4 + size) {
        compressedSize = Number(extra.readBigUInt64LE(field));
      }
    }
    at += 4 + size;
  }
  return { name, flags, method, compressedSize, zip64 };
}

/** Hands the entry's inflated bytes to `reader` (or drops them); false when the reader stopped. */
async function readEntryData(
  bytes: ByteQueue,
  header: LocalHeader,
  reader: ZipEntryReader | undefined,
  signal: AbortSignal,
): Promise<boolean> {
  const sized = (header.flags & 0x8) === 0;
  if (header.method === 0) {
    if (!sized) throw damaged(`'${header.name}' is stored uncompressed with no size, which no Office program writes`);
    if (reader === undefined) {
      await bytes.skip(header.compressedSize);
      return true;
    }
    let left = header.compressedSize;
    while (left > 0) {
      if (signal.aborted) return false;
      const slice = await bytes.slice(Math.min(left, sliceBytes));
      left -= slice.length;
      if (!reader.chunk(slice)) return false;
    }
    return true;
  }
  if (header.method !== 8) throw damaged(`'${header.name}' uses compression method ${header.method}`);
  if (sized && reader === undefined) {
    await bytes.skip(header.compressedSize);
    return true;
  }
  const consumed = await inflateEntry(bytes, sized ? header.compressedSize : undefined, header.name, reader, signal);
  if (consumed === undefined) return false;
  if (!sized) await readDataDescriptor(bytes, header, consumed);
  return true;
}

/**
 * Inflates one entry slice by slice. With no size known, the deflate stream's end marks the
 * entry's end: the inflater reports how many input bytes it used, and the rest of the last
 * slice goes back to the queue. Resolves the compressed bytes used, or undefined when stopped.
 */
async function inflateEntry(
  bytes: ByteQueue,
  size: number | undefined,
  name: string,
  reader: ZipEntryReader | undefined,
  signal: AbortSignal,
): Promise<number | undefined> {
  const inflater = createInflateRaw();
  let stopped = false;
  let failure: Error | undefined;
  let readerFailure: unknown;
  inflater.on('data', (chunk: Buffer) => {
    if (stopped || reader === undefined) return;
    try {
      if (!reader.chunk(chunk)) stopped = true;
    } catch (error) {
      // Thrown inside the inflater's event: carried to the awaiting code instead.
      readerFailure = error;
      stopped = true;
    }
  });
  inflater.on('error', (error: Error) => {
    failure = error;
  });
  let fed = 0;
  try {
    for (;;) {
      if (readerFailure !== undefined) throw readerFailure;
      if (signal.aborted || stopped) return undefined;
      const wanted = size === undefined ? sliceBytes : Math.min(sliceBytes, size - fed);
      if (wanted === 0) break;
      const slice = await bytes.slice(wanted);
      fed += slice.length;
      await write(inflater, slice);
      if (failure !== undefined) throw damaged(`'${name}' does not inflate (${failure.message})`);
      if (inflater.bytesWritten < fed) {
        // The deflate stream ended inside this slice: what follows belongs to the next part.
        const unused = fed - inflater.bytesWritten;
        if (size === undefined) bytes.unshift(slice.subarray(slice.length - unused));
        else await bytes.skip(size - fed);
        fed -= unused;
        await ended(inflater, false);
        if (readerFailure !== undefined) throw readerFailure;
        return stopped ? undefined : fed;
      }
    }
    await ended(inflater, true);
    if (readerFailure !== undefined) throw readerFailure;
    if (failure !== undefined) throw damaged(`'${name}' does not inflate (${failure.message})`);
    return stopped ? undefined : fed;
  } finally {
    inflater.destroy();
  }
}

async function readDataDescriptor(bytes: ByteQueue, header: LocalHeader, consumed: number): Promise<void> {
  // The descriptor's signature is optional; sizes are 8 bytes each in a ZIP64 entry.
  if ((await bytes.peekUint32()) === dataDescriptor) await bytes.skip(4);
  const descriptor = await bytes.read(header.zip64 ? 20 : 12);
  const recorded = header.zip64 ? Number(descriptor.readBigUInt64LE(4)) : descriptor.readUInt32LE(4);
  if (recorded !== consumed) {
    throw damaged(`'${header.name}' records ${recorded} compressed bytes but holds ${consumed}`);
  }
}

function write(inflater: InflateRaw, slice: Buffer): Promise<void> {
  return new Promise((resolve) => inflater.write(slice, () => resolve()));
}

/** Waits for the inflater's last output; `close` first tells it no more input comes. */
function ended(inflater: InflateRaw, close: boolean): Promise<void> {
  return new Promise((resolve) => {
    if (inflater.readableEnded || inflater.destroyed) {
      resolve();
      return;
    }
    inflater.once('end', resolve);
    inflater.once('error', () => resolve());
    if (close) inflater.end();
  });
}

/** The stream's bytes with exact reads, slices and a way to put bytes back. */
class ByteQueue {
  readonly #chunks: AsyncIterator<Buffer>;
  #pending: Buffer = Buffer.alloc(0);
  #done = false;

  constructor(source: Readable) {
    this.#chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  async peekUint32(): Promise<number | undefined> {
    if (!(await this.#fill(4))) return undefined;
    return this.#pending.readUInt32LE(0);
  }

  /** Exactly `length` bytes, or a "truncated" error. */
  async read(length: number): Promise<Buffer> {
    if (!(await this.#fill(length))) throw damaged('the file ends in the middle of an entry (was it cut short?)');
    const head = this.#pending.subarray(0, length);
    this.#pending = this.#pending.subarray(length);
    return head;
  }

  /** Between 1 and `most` bytes, without copying. */
  async slice(most: number): Promise<Buffer> {
    if (!(await this.#fill(1))) throw damaged('the file ends in the middle of an entry (was it cut short?)');
    const head = this.#pending.subarray(0, most);
    this.#pending = this.#pending.subarray(head.length);
    return head;
  }

  async skip(length: number): Promise<void> {
    let left = length;
    while (left > 0) left -= (await this.slice(Math.min(left, 1024 * 1024))).length;
  }

  unshift(bytes: Buffer): void {
    this.#pending = this.#pending.length === 0 ? bytes : Buffer.concat([bytes, this.#pending]);
  }

  async #fill(length: number): Promise<boolean> {
    while (this.#pending.length < length) {
      if (this.#done) return false;
      const next = await this.#chunks.next();
      if (next.done === true) {
        this.#done = true;
        return false;
      }
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    }
    return true;
  }
}

function damaged(reason: string): DataToolError {
  return new DataToolError(
    'DATA_FILE_MALFORMED',
    `The file is not a readable XLSX workbook (${reason}); open and save it again in a spreadsheet program, or check that it is .xlsx and not .xls or .csv.`,
  );
}
