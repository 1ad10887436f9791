import { bindSettingsInCode, defineSettingsSection } from '@orkeon/core';
import { z } from 'zod';
import { parseMailbox } from '../validation/email-address.js';
import { recipientPatternProblem } from '../validation/recipient-allowlist.js';
import { emailRights } from './email-rights.js';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** True for a host name that stays on this machine, where an unencrypted connection crosses no network. */
export function isLoopbackHost(host: string): boolean {
  const lower = host.toLowerCase();
  return loopbackHosts.has(lower) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(lower) || lower.endsWith('.localhost');
}

function serverSchema(protocol: 'IMAP' | 'SMTP', implicitPort: number, startTlsPort: number) {
  return z
    .strictObject({
      Host: z.string().min(1).describe(`Host name of the ${protocol} server.`),
      Port: z
        .number()
        .int()
        .min(0)
        .max(65_535)
        .default(0)
        .describe(`TCP port; 0 means ${implicitPort} when Secure is true, else ${startTlsPort}.`),
      Secure: z
        .boolean()
        .default(true)
        .describe('true: TLS from the first byte. false: STARTTLS, which is then required (see AllowPlaintext).'),
      User: z
        .string()
        .default('')
        .describe(
          protocol === 'IMAP'
            ? 'Login name (required).'
            : 'Login name; empty sends without logging in (a local relay).',
        ),
      Password: z.string().default('').describe('Password of User. A secret: redacted in logs.'),
      CaFile: z
        .string()
        .default('')
        .describe(
          "Virtual path of a PEM file of certificate authorities to trust besides the system's (a private CA). Certificates are always validated.",
        ),
      AllowPlaintext: z
        .boolean()
        .default(false)
        .describe(
          'With Secure false: go on without encryption when the server offers no STARTTLS. Only allowed for a server on this machine (localhost, 127.x.x.x, ::1).',
        ),
    })
    .superRefine((server, context) => {
      if (server.AllowPlaintext && !isLoopbackHost(server.Host))
        context.addIssue({
          code: 'custom',
          path: ['AllowPlaintext'],
          message: `AllowPlaintext is only allowed for a server on this machine, not '${server.Host}': use Secure true, or STARTTLS with CaFile for a private certificate`,
        });
      if (protocol === 'IMAP' && server.User === '')
        context.addIssue({ code: 'custom', path: ['User'], message: 'the IMAP login name is required' });
    });
}

const fromAddress = z
  .string()
  .default('')
  .superRefine((from, context) => {
    if (from === '') return;
    const parsed = parseMailbox(from);
    if ('problem' in parsed) context.addIssue({ code: 'custom', message: parsed.problem });
  })
  .describe(
    "Sender of sent mail and drafts: 'name@example.com' or 'Name <name@example.com>'. Agents cannot change it.",
  );

const recipientPattern = z.string().superRefine((pattern, context) => {
  const problem = recipientPatternProblem(pattern);
  if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
});

const accountSchema = z
  .strictObject({
    Imap: serverSchema('IMAP', 993, 143).optional().describe('The IMAP server: reading and organizing mail, drafts.'),
    Smtp: serverSchema('SMTP', 465, 587).optional().describe('The SMTP server: sending mail.'),
    From: fromAddress,
    Rights: z
      .array(z.enum(emailRights))
      .default(['Read'])
      .describe('What agents may do with this account: Read, Organize, Draft, Send, Delete, Purge.'),
    Send: z
      .strictObject({
        AllowedRecipients: z
          .array(recipientPattern)
          .default([])
          .describe(
            "Who email_send may write to (to, cc and bcc): exact addresses or whole domains ('@example.com'). Empty allows nobody.",
          ),
      })
      .default({ AllowedRecipients: [] }),
    Folders: z
      .strictObject({
        Drafts: z
          .string()
          .default('')
          .describe('Folder for drafts; empty: the \\Drafts special-use folder, else "Drafts".'),
        Trash: z
          .string()
          .default('')
          .describe('Folder deleted mail goes to; empty: the \\Trash special-use folder, else "Trash".'),
      })
      .default({ Drafts: '', Trash: '' }),
  })
  .superRefine((account, context) => {
    const needsFrom = account.Rights.includes('Send') || account.Rights.includes('Draft');
    if (needsFrom && account.From === '')
      context.addIssue({ code: 'custom', path: ['From'], message: 'the Send and Draft rights need a From address' });
  });

const accountName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, {
  message: "an account name is 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit",
});

/** `Svc:Tools:Email`: the accounts agents may use, their rights, and the size limits of the e-mail tools. */
export const emailSettings = defineSettingsSection(
  'Svc:Tools:Email',
  z.strictObject({
    Accounts: z
      .record(accountName, accountSchema)
      .default({})
      .describe('The mail accounts by name (Svc:Tools:Email:Accounts:<name>).'),
    Limits: z
      .strictObject({
        MaxMessageBytes: z
          .number()
          .int()
          .min(1_024)
          .max(1_073_741_824)
          .default(10_485_760)
          .describe('Largest message read, parsed or sent whole (bytes); a larger one is listed, not read.'),
        MaxAttachmentBytes: z
          .number()
          .int()
          .min(1_024)
          .max(1_073_741_824)
          .default(10_485_760)
          .describe('Largest attachment saved or attached (bytes, decoded).'),
        MaxBodyCharacters: z
          .number()
          .int()
          .min(100)
          .max(1_000_000)
          .default(20_000)
          .describe('Characters of a message body returned; the rest is cut with a note.'),
        MaxSearchResults: z
          .number()
          .int()
          .min(1)
          .max(1_000)
          .default(50)
          .describe('Most messages one email_search lists.'),
      })
      .default({
        MaxMessageBytes: 10_485_760,
        MaxAttachmentBytes: 10_485_760,
        MaxBodyCharacters: 20_000,
        MaxSearchResults: 50,
      }),
    TimeoutSeconds: z
      .number()
      .min(1)
      .max(600)
      .default(60)
      .describe('Time limit of one tool call, connecting included.'),
  }),
  {
    description:
      'The e-mail tools: IMAP and SMTP accounts with per-account rights, allowed recipients and size limits.',
  },
);

/** The bound `Svc:Tools:Email` settings, defaults applied. */
export type EmailSettings = z.output<typeof emailSettings.schema>;
/** The settings as written: every key optional. */
export type EmailSettingsInput = z.input<typeof emailSettings.schema>;
/** One bound account of `Svc:Tools:Email:Accounts`. */
export type EmailAccountSettings = z.output<typeof accountSchema>;
/** One bound server (`Imap` or `Smtp`) of an account. */
export type EmailServerSettings = NonNullable<EmailAccountSettings['Imap']>;

/**
 * Applies the defaults to settings written in code and checks them as the configuration
 * would; a bad value throws a `ConfigurationError` naming the key, before any tool exists.
 */
export function bindEmailSettings(settings: EmailSettingsInput = {}): EmailSettings {
  return bindSettingsInCode(emailSettings, settings);
}
