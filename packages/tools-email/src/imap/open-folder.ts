import { type ToolResult, toolFailure } from '@orkeon/core';
import type { ImapFlow, MailboxObject } from 'imapflow';
import type { EmailAccount } from '../tools/email-tool-kit.js';
import { folderNameProblem } from '../validation/folder-name.js';

/** Selects `folder` (read-only unless the call changes it), or says that it is not there. */
export async function openFolder(
  client: ImapFlow,
  account: EmailAccount,
  folder: string,
  options: { readOnly: boolean },
): Promise<MailboxObject | ToolResult> {
  const problem = folderNameProblem(folder);
  if (problem !== undefined) return toolFailure(problem);
  try {
    return await client.mailboxOpen(folder, { readOnly: options.readOnly });
  } catch (error) {
    if (isMissingFolder(error)) return missingFolder(account, folder);
    throw error;
  }
}

export function missingFolder(account: EmailAccount, folder: string): ToolResult {
  return toolFailure(
    `There is no folder ${JSON.stringify(folder)} in account '${account.name}': call email_folders for the folder names.`,
  );
}

/** True for the server's answer that a folder does not exist. */
export function isMissingFolder(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const fields = error as { serverResponseCode?: unknown; mailboxMissing?: unknown; responseText?: unknown };
  return (
    fields.mailboxMissing === true ||
    fields.serverResponseCode === 'NONEXISTENT' ||
    (typeof fields.responseText === 'string' &&
      /doesn't exist|does not exist|no such mailbox/i.test(fields.responseText))
  );
}
