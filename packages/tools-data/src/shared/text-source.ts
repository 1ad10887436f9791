import type { FileSystem } from '@orkeon/core';
import { DataToolError } from '../errors/data-tool-error.js';
import { formatBytes } from './quantities.js';
import { readWholeFile } from './vfs-access.js';

/** The document a text tool works on, and how its answer names it. */
export interface TextSource {
  readonly text: string;
  /** `'/workspace/a.json'` or `the given text`. */
  readonly label: string;
}

/**
 * The document of a tool that takes either inline `text` or a virtual `path`
 * (exactly one), read whole within `Svc:Tools:Data:MaxFileBytes`.
 */
export async function readTextSource(
  vfs: FileSystem,
  input: { readonly text?: string | undefined; readonly path?: string | undefined },
  maxBytes: number,
  toolName: string,
): Promise<TextSource> {
  if ((input.text === undefined) === (input.path === undefined)) {
    throw new DataToolError(
      'DATA_INPUT_INVALID',
      `${toolName} needs exactly one of 'text' (the document itself) and 'path' (its virtual path, e.g. /workspace/data.json).`,
    );
  }
  if (input.text !== undefined) {
    const bytes = Buffer.byteLength(input.text, 'utf8');
    if (bytes > maxBytes) {
      throw new DataToolError(
        'DATA_FILE_TOO_LARGE',
        `The given text is ${formatBytes(bytes)}; ${toolName} takes at most ${formatBytes(maxBytes)} (Svc:Tools:Data:MaxFileBytes). Save it to a file and give its path, or send less.`,
      );
    }
    return { text: input.text, label: 'the given text' };
  }
  const file = await readWholeFile(vfs, input.path as string, maxBytes, toolName);
  const text = file.bytes.toString('utf8');
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, label: `'${file.path}'` };
}
