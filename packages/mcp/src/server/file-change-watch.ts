import { type Stats, unwatchFile, watchFile } from 'node:fs';

/** How often a followed deliverable's file is looked at. */
export const fileCheckIntervalMilliseconds = 500;

/**
 * Calls `changed` whenever the file at `path` is written, created or removed, by looking at
 * it every `interval`; a file that does not exist yet is followed too. Polling, because the
 * writer is usually another process (`orkeon run`) and the folder may not exist yet.
 * Answers the function that stops following.
 */
export function watchFileChanges(
  path: string,
  changed: () => void,
  interval = fileCheckIntervalMilliseconds,
): () => void {
  const listener = (current: Stats, previous: Stats) => {
    if (current.mtimeMs !== previous.mtimeMs || current.size !== previous.size || current.ino !== previous.ino)
      changed();
  };
  watchFile(path, { interval, persistent: false }, listener);
  return () => unwatchFile(path, listener);
}
