import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { bindEmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';

export const emailAccountsToolName = 'email_accounts';

const input = z.strictObject({});

/** `email_accounts`: the configured accounts, what each may do, and whom it may write to. Never a password. */
export function createEmailAccountsTool(settings: EmailSettingsInput = {}): Tool<z.output<typeof input>> {
  const bound = bindEmailSettings(settings);
  return defineTool({
    name: emailAccountsToolName,
    description:
      'List the e-mail accounts you may use: name, address, servers, rights (Read, Organize, Draft, Send, Delete, Purge) and allowed recipients.',
    access: 'Read',
    input,
    async execute() {
      const accounts = Object.entries(bound.Accounts);
      if (accounts.length === 0)
        return 'No e-mail account is configured (the host adds them under Svc:Tools:Email:Accounts).';
      return accounts
        .map(([name, account]) => {
          const servers = [
            account.Imap === undefined ? undefined : 'IMAP',
            account.Smtp === undefined ? undefined : 'SMTP',
          ]
            .filter((server) => server !== undefined)
            .join(' and ');
          const lines = [
            `${name}${account.From === '' ? '' : ` <${account.From}>`}`,
            `  servers: ${servers === '' ? 'none' : servers}`,
            `  rights: ${account.Rights.length === 0 ? 'none' : account.Rights.join(', ')}`,
          ];
          if (account.Rights.includes('Send'))
            lines.push(
              `  may send to: ${account.Send.AllowedRecipients.length === 0 ? 'nobody (no allowed recipients)' : account.Send.AllowedRecipients.join(', ')}`,
            );
          return lines.join('\n');
        })
        .join('\n');
    },
  });
}
