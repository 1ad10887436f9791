import { protocolTextProblem } from './header-text.js';

const maxFolderNameLength = 200;

/** Why `folder` cannot be opened (`what` names the argument), or `undefined`. */
export function folderNameProblem(folder: string, what = 'The folder name'): string | undefined {
  return protocolTextProblem(folder, what, maxFolderNameLength);
}

/** Why `folder` cannot be created or be a new name: also no IMAP wildcards (`*`, `%`). */
export function newFolderNameProblem(folder: string, what = 'The new folder name'): string | undefined {
  const problem = folderNameProblem(folder, what);
  if (problem !== undefined) return problem;
  if (/[*%]/.test(folder)) return `${what} contains '*' or '%', which IMAP reads as wildcards: choose another name.`;
  return undefined;
}

/** True for the inbox, whose name IMAP compares without regard to case. */
export function isInbox(folder: string): boolean {
  return folder.toUpperCase() === 'INBOX';
}
