import type { ImapFlow } from 'imapflow';

/** The account's folder with the special use `use` (`\Trash`, `\Drafts`): the configured one, the server's, else the usual name. */
export async function findSpecialFolder(
  client: ImapFlow,
  use: '\\Trash' | '\\Drafts',
  configured: string,
): Promise<string | undefined> {
  if (configured !== '') return configured;
  const folders = await client.list();
  const flagged = folders.find((folder) => folder.specialUse === use);
  if (flagged !== undefined) return flagged.path;
  const usualName = use.slice(1);
  return folders.find((folder) => folder.path.toLowerCase() === usualName.toLowerCase())?.path;
}

/** True when `a` and `b` name the same folder (INBOX in any case). */
export function sameFolder(a: string, b: string): boolean {
  return a === b || (a.toUpperCase() === 'INBOX' && b.toUpperCase() === 'INBOX');
}
