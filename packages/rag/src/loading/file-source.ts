import type { FileSystem, VfsFailureCode } from '@orkeon/core';
import { formatOfPath, type RagDocumentFormat, supportedExtensions } from './document-format.js';
import { type DocumentText, documentText, utf8TextOrUndefined } from './document-text.js';
import type { RagDocument } from './rag-document.js';
import { RagLoadError } from './rag-load-error.js';

/** What to do about each refusal of the file system (its message already names the path, and the mounts when none covers it). */
const fixes: Readonly<Record<VfsFailureCode, string>> = {
  INVALID_PATH: 'Write an absolute virtual path such as /docs/guide.md.',
  NO_MOUNT: 'Give a path inside one of the mounts, or mount the folder that holds the file.',
  ACCESS_DENIED: 'Load it from a mount that grants read rights.',
  OUTSIDE_MOUNT: 'The path leads outside its mount (through a link): load the file from inside a mount.',
  NOT_FOUND: 'Check the path: list the folder to see the files it holds.',
  NOT_A_FILE: 'Give a file, not a folder: load each file of the folder as a source of its own.',
  NOT_A_DIRECTORY: 'A part of the path is a file, not a folder: check the path.',
  TOO_LARGE: 'Split the file, or raise the limit of the file system.',
  IO_ERROR: 'Check that the file can be read on this machine.',
};

/**
 * Reads a file of the virtual file system through its rights and turns it into a
 * document: the format comes from the extension; a file of another extension is read
 * as text when it is UTF-8 without NUL bytes (a README, a config), else refused.
 */
export async function loadFileSource(path: string, sourceId: string, files: FileSystem): Promise<RagDocument> {
  const read = await files.readBytes(path);
  if (!read.ok) throw new RagLoadError(sourceId, `${withStop(read.message)} ${fixes[read.code]}`);
  const known = formatOfPath(path);
  let format: RagDocumentFormat;
  let content: DocumentText;
  if (known !== undefined) {
    format = known;
    try {
      content = await documentText(known, read.value);
    } catch (error) {
      throw new RagLoadError(sourceId, `'${path}' was read as ${known}, but ${(error as Error).message}`, {
        cause: error,
      });
    }
  } else {
    const text = utf8TextOrUndefined(read.value);
    if (text === undefined)
      throw new RagLoadError(
        sourceId,
        `'${path}' has no supported extension and is not UTF-8 text. Supported extensions: ${supportedExtensions}; convert the file to one of them.`,
      );
    format = 'text';
    content = { text };
  }
  return {
    sourceId,
    location: path,
    kind: 'file',
    format,
    text: content.text,
    ...(content.title === undefined ? {} : { title: content.title }),
  };
}

function withStop(message: string): string {
  return /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
}
