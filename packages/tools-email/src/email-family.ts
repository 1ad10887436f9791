import { inToolFamily, type Tool, type ToolCatalogueEntry, type ToolFamily } from '@orkeon/core';
import type { EmailRight } from './settings/email-rights.js';
import {
  bindEmailSettings,
  type EmailAccountSettings,
  type EmailSettingsInput,
  emailSettings,
} from './settings/email-settings.js';
import { createEmailAccountsTool, emailAccountsToolName } from './tools/accounts-tool.js';
import { createEmailCreateFolderTool, emailCreateFolderToolName } from './tools/create-folder-tool.js';
import { createEmailDeleteTool, emailDeleteToolName } from './tools/delete-tool.js';
import { createEmailDraftTool, emailDraftToolName } from './tools/draft-tool.js';
import { createEmailFoldersTool, emailFoldersToolName } from './tools/folders-tool.js';
import { createEmailMarkTool, emailMarkToolName } from './tools/mark-tool.js';
import { createEmailMoveTool, emailMoveToolName } from './tools/move-tool.js';
import { createEmailParserTool, emailParserToolName } from './tools/parser-tool.js';
import { createEmailReadTool, emailReadToolName } from './tools/read-tool.js';
import { createEmailRenameFolderTool, emailRenameFolderToolName } from './tools/rename-folder-tool.js';
import { createEmailSaveAttachmentTool, emailSaveAttachmentToolName } from './tools/save-attachment-tool.js';
import { createEmailSearchTool, emailSearchToolName } from './tools/search-tool.js';
import { createEmailSendTool, emailSendToolName } from './tools/send-tool.js';

export const emailFamilyName = 'email';

/** What each tool needs from at least one account before the family offers it. */
interface ToolRecipe {
  readonly entry: ToolCatalogueEntry;
  readonly create: (settings: EmailSettingsInput) => Tool;
  /** `undefined`: offered without any account (email_parser). */
  readonly usable?: (account: EmailAccountSettings) => boolean;
}

const imapWith = (right: EmailRight) => (account: EmailAccountSettings) =>
  account.Imap !== undefined && account.Rights.includes(right);

const recipes: readonly ToolRecipe[] = [
  {
    entry: {
      name: emailAccountsToolName,
      access: 'Read',
      summary: 'List the configured accounts, their rights and allowed recipients.',
      needs: 'an account in Svc:Tools:Email:Accounts',
    },
    create: createEmailAccountsTool,
    usable: () => true,
  },
  {
    entry: {
      name: emailFoldersToolName,
      access: 'Read',
      summary: 'List the folders of an account with message counts.',
      needs: 'an IMAP account with the Read right',
    },
    create: createEmailFoldersTool,
    usable: imapWith('Read'),
  },
  {
    entry: {
      name: emailSearchToolName,
      access: 'Read',
      summary: 'Search a folder by sender, subject, text, dates and flags.',
      needs: 'an IMAP account with the Read right',
    },
    create: createEmailSearchTool,
    usable: imapWith('Read'),
  },
  {
    entry: {
      name: emailReadToolName,
      access: 'Read',
      summary: 'Read one message as text, with its attachments by part number.',
      needs: 'an IMAP account with the Read right',
    },
    create: createEmailReadTool,
    usable: imapWith('Read'),
  },
  {
    entry: {
      name: emailSaveAttachmentToolName,
      access: 'Edit',
      summary: 'Save an attachment into a folder of the VFS under a safe name.',
      needs: 'an IMAP account with the Read right',
    },
    create: createEmailSaveAttachmentTool,
    usable: imapWith('Read'),
  },
  {
    entry: {
      name: emailCreateFolderToolName,
      access: 'Edit',
      summary: 'Create a folder.',
      needs: 'an IMAP account with the Organize right',
    },
    create: createEmailCreateFolderTool,
    usable: imapWith('Organize'),
  },
  {
    entry: {
      name: emailRenameFolderToolName,
      access: 'Edit',
      summary: 'Rename a folder (not the inbox or special folders).',
      needs: 'an IMAP account with the Organize right',
    },
    create: createEmailRenameFolderTool,
    usable: imapWith('Organize'),
  },
  {
    entry: {
      name: emailMoveToolName,
      access: 'Edit',
      summary: 'Move messages to another folder.',
      needs: 'an IMAP account with the Organize right',
    },
    create: createEmailMoveTool,
    usable: imapWith('Organize'),
  },
  {
    entry: {
      name: emailMarkToolName,
      access: 'Edit',
      summary: 'Mark messages read, flagged or answered (or not).',
      needs: 'an IMAP account with the Organize right',
    },
    create: createEmailMarkTool,
    usable: imapWith('Organize'),
  },
  {
    entry: {
      name: emailDeleteToolName,
      access: 'Execute',
      summary: 'Move messages to the Trash, or remove them for good (Purge).',
      needs: 'an IMAP account with the Delete right',
    },
    create: createEmailDeleteTool,
    usable: imapWith('Delete'),
  },
  {
    entry: {
      name: emailDraftToolName,
      access: 'Edit',
      summary: 'Compose a message and save it in the Drafts folder.',
      needs: 'an IMAP account with the Draft right',
    },
    create: createEmailDraftTool,
    usable: imapWith('Draft'),
  },
  {
    entry: {
      name: emailSendToolName,
      access: 'Execute',
      summary: 'Send a message to allowed recipients over SMTP.',
      needs: 'an SMTP account with the Send right and AllowedRecipients',
    },
    create: createEmailSendTool,
    usable: (account) => account.Smtp !== undefined && account.Rights.includes('Send'),
  },
  {
    entry: { name: emailParserToolName, access: 'Read', summary: 'Read an .eml file by virtual path.' },
    create: createEmailParserTool,
  },
];

/**
 * The `email` tool family: 13 tools over IMAP (imapflow), SMTP (nodemailer) and MIME parsing
 * (mailparser), loaded on first use. `createTools` offers a tool when at least one account can
 * use it (`email_parser` always); every call still checks the named account's rights.
 */
export const emailFamily: ToolFamily = {
  name: emailFamilyName,
  description: 'Read, organize, draft and send e-mail over IMAP and SMTP with per-account rights; parse .eml files.',
  catalogue: recipes.map((recipe) => recipe.entry),
  settingsSections: [emailSettings],
  async createTools({ configuration }) {
    const settings = bindEmailSettings(configuration.get(emailSettings));
    const accounts = Object.values(settings.Accounts);
    return recipes
      .filter((recipe) => recipe.usable === undefined || accounts.some(recipe.usable))
      .map((recipe) => inToolFamily(recipe.create(settings), emailFamilyName));
  },
};
