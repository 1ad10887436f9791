import type { FileSystem } from '@orkeon/core';

/** Turns text a process wrote (or a message about it) into text an agent may read. */
export interface OutputRewriter {
  toAgentText(text: string): string;
  /**
   * Drops a tail that could be the start of a physical folder cut off by the
   * output limit: once cut, it no longer matches and would be shown as is.
   */
  withoutPartialRoot(text: string): string;
}

/**
 * The file system rewrites every physical folder wherever it occurs, whatever follows
 * it (NUL of `ls --zero`, `’` of `--quoting-style=locale`, colours, `|` of a format
 * string), and redacts a neighbouring folder that merely starts like a mount root.
 * What it cannot see is a folder cut in half by the output limit: once cut it no
 * longer matches, so the tail that could start one is dropped. The real folders come
 * from resolving each mount root.
 */
export async function createOutputRewriter(vfs: FileSystem): Promise<OutputRewriter> {
  const roots: string[] = [];
  for (const mount of vfs.mounts()) {
    const resolved = await vfs.resolve(mount.virtualPath, 'Read');
    // A root of '/' reveals no folder name.
    if (resolved.ok && resolved.value.physicalPath.length > 1) roots.push(resolved.value.physicalPath);
  }
  return {
    toAgentText: (text) => vfs.redact(vfs.toVirtualText(text)),
    withoutPartialRoot(text) {
      let longest = 0;
      for (const physical of roots) {
        for (let length = Math.min(physical.length - 1, text.length); length > longest; length--) {
          if (text.endsWith(physical.slice(0, length))) longest = length;
        }
      }
      return text.slice(0, text.length - longest);
    },
  };
}
