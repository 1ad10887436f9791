import { z } from 'zod';

/** Most messages one organizing call may touch. */
export const maxUidsPerCall = 500;

/** The `uids` argument of the tools that act on several messages. */
export const uidsArgument = z
  .array(z.number().int().positive())
  .min(1)
  .max(maxUidsPerCall)
  .describe(`The message uids (from email_search), 1 to ${maxUidsPerCall}.`);

/** The uids as one IMAP set, duplicates dropped. */
export function uidSet(uids: readonly number[]): string {
  return [...new Set(uids)].sort((a, b) => a - b).join(',');
}

/** Which of `uids` exist in the open folder; the others are named in the answer. */
export function describeMissing(wanted: readonly number[], found: readonly number[]): string {
  const present = new Set(found);
  const missing = [...new Set(wanted)].filter((uid) => !present.has(uid));
  return missing.length === 0 ? '' : ` Not found (already gone?): uid ${missing.join(', ')}.`;
}
