import { EmailLibraryMissingError } from './errors/email-errors.js';

// The libraries are loaded on the first call that needs them, so importing the package costs nothing.

export type ImapFlowModule = typeof import('imapflow');
export type NodemailerModule = typeof import('nodemailer');
export type MailComposerModule = typeof import('nodemailer/lib/mail-composer');
export type MailParserModule = typeof import('mailparser');

async function load<T>(library: string, importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    throw new EmailLibraryMissingError(library, error);
  }
}

export const loadImapFlow = (): Promise<ImapFlowModule> => load('imapflow', () => import('imapflow'));
export const loadNodemailer = (): Promise<NodemailerModule> => load('nodemailer', () => import('nodemailer'));
export const loadMailComposer = (): Promise<MailComposerModule> =>
  load('nodemailer', () => import('nodemailer/lib/mail-composer'));
export const loadMailParser = (): Promise<MailParserModule> => load('mailparser', () => import('mailparser'));
