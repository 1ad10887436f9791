/**
 * What an agent may do with one account: `Read` (folders, search, read, save attachments),
 * `Organize` (create and rename folders, move, mark), `Draft` (save drafts), `Send`, `Delete`
 * (move to the Trash) and `Purge` (remove for good, with `Delete`).
 */
export const emailRights = ['Read', 'Organize', 'Draft', 'Send', 'Delete', 'Purge'] as const;

export type EmailRight = (typeof emailRights)[number];
