import { createInflateRaw } from 'node:zlib';
import { DataToolError } from '../errors/data-tool-error.js';
import { formatBytes } from './quantities.js';

const endOfCentralDirectory = 0x06054b50;
const centralDirectoryEntry = 0x02014b50;
const localFileHeader = 0x04034b50;
const maxEntries = 10_000;

/**
 * Proves a ZIP archive held in memory (a DOCX) expands to at most `budget` bytes
 * before a library unzips it: every entry is inflated here, counting bytes and
 * keeping none, and the count stops at the budget. Declared sizes are not trusted,
 * since a zip bomb can lie about them.
 */
export async function checkZipExpansion(bytes: Buffer, budget: number, label: string): Promise<void> {
  const entries = centralDirectory(bytes, label);
  let total = 0;
  for (const entry of entries) {
    const start = dataStart(bytes, entry.localHeaderOffset, label);
    const data = bytes.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw damaged(label);
    if (entry.method === 0) total += data.length;
    else if (entry.method === 8) total += await inflatedSize(data, budget - total, label, budget);
    else throw damaged(label, `compression method ${entry.method} is not used by Office files`);
    if (total > budget) throw tooLarge(label, budget);
  }
}

interface ZipEntry {
  readonly method: number;
  readonly compressedSize: number;
  readonly localHeaderOffset: number;
}

function centralDirectory(bytes: Buffer, label: string): ZipEntry[] {
  const earliest = Math.max(0, bytes.length - 22 - 65_535);
  let end = -1;
  for (let at = bytes.length - 22; at >= earliest; at--) {
    if (bytes.readUInt32LE(at) === endOfCentralDirectory) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged(label, 'no ZIP directory found');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw damaged(label, 'ZIP64 archives are not accepted for this format');
  if (count > maxEntries) throw tooLarge(label, 0, `${count} entries`);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== centralDirectoryEntry) throw damaged(label);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const localHeaderOffset = bytes.readUInt32LE(at + 42);
    if (compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      throw damaged(label, 'ZIP64 archives are not accepted for this format');
    }
    entries.push({ method: bytes.readUInt16LE(at + 10), compressedSize, localHeaderOffset });
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

function dataStart(bytes: Buffer, offset: number, label: string): number {
  if (offset + 30 > bytes.length || bytes.readUInt32LE(offset) !== localFileHeader) throw damaged(label);
  return offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
}

function inflatedSize(data: Buffer, remaining: number, label: string, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw();
    let size = 0;
    let settled = false;
    const settle = (error: DataToolError | undefined) => {
      if (settled) return;
      settled = true;
      if (error === undefined) resolve(size);
      else reject(error);
    };
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > remaining) {
        inflater.destroy();
        settle(tooLarge(label, budget));
      }
    });
    inflater.on('end', () => settle(undefined));
    inflater.on('error', () => settle(damaged(label, 'an entry does not inflate')));
    inflater.end(data);
  });
}

function damaged(label: string, reason = 'the ZIP structure is broken'): DataToolError {
  return new DataToolError(
    'DATA_FILE_MALFORMED',
    `${label} is not a readable Office file (${reason}); save it again from the program that made it.`,
  );
}

function tooLarge(label: string, budget: number, what?: string): DataToolError {
  const size = what ?? `more than ${formatBytes(budget)} when unzipped`;
  return new DataToolError(
    'DATA_ARCHIVE_TOO_LARGE',
    `${label} expands to ${size} (Svc:Tools:Data:MaxUncompressedBytes), which looks like a zip bomb; it was not opened. Use a smaller file, or raise the setting if the file is trusted.`,
  );
}
