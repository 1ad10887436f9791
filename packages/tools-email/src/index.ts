export { emailFamily, emailFamilyName } from './email-family.js';
export { EmailLibraryMissingError } from './errors/email-errors.js';
export { type ToolsEmailErrorCode, toolsEmailErrorCodes } from './errors/error-codes.js';
export { type EmailRight, emailRights } from './settings/email-rights.js';
export {
  bindEmailSettings,
  type EmailAccountSettings,
  type EmailServerSettings,
  type EmailSettings,
  type EmailSettingsInput,
  emailSettings,
  isLoopbackHost,
} from './settings/email-settings.js';
export { createEmailAccountsTool, emailAccountsToolName } from './tools/accounts-tool.js';
export { createEmailCreateFolderTool, emailCreateFolderToolName } from './tools/create-folder-tool.js';
export { createEmailDeleteTool, emailDeleteToolName } from './tools/delete-tool.js';
export { createEmailDraftTool, type EmailDraftInput, emailDraftToolName } from './tools/draft-tool.js';
export { createEmailFoldersTool, emailFoldersToolName } from './tools/folders-tool.js';
export { createEmailMarkTool, emailMarkToolName } from './tools/mark-tool.js';
export { createEmailMoveTool, emailMoveToolName } from './tools/move-tool.js';
export { createEmailParserTool, emailParserToolName } from './tools/parser-tool.js';
export { createEmailReadTool, type EmailReadInput, emailReadToolName } from './tools/read-tool.js';
export { createEmailRenameFolderTool, emailRenameFolderToolName } from './tools/rename-folder-tool.js';
export {
  createEmailSaveAttachmentTool,
  type EmailSaveAttachmentInput,
  emailSaveAttachmentToolName,
} from './tools/save-attachment-tool.js';
export { createEmailSearchTool, type EmailSearchInput, emailSearchToolName } from './tools/search-tool.js';
export { createEmailSendTool, type EmailSendInput, emailSendToolName } from './tools/send-tool.js';
export { safeAttachmentFileName } from './validation/attachment-file-name.js';
export { addressProblem, type MailboxAddress, parseMailbox } from './validation/email-address.js';
export { headerTextProblem } from './validation/header-text.js';
export { isRecipientAllowed, recipientPatternProblem } from './validation/recipient-allowlist.js';
