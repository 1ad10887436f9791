import { type ToolResult, toolDenied, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import type { EmailRight } from '../settings/email-rights.js';
import type { EmailAccountSettings, EmailServerSettings, EmailSettings } from '../settings/email-settings.js';

/** One configured account, with the name it is written under. */
export interface EmailAccount {
  readonly name: string;
  readonly settings: EmailAccountSettings;
}

/** The account argument every account tool takes. */
export const accountArgument = z
  .string()
  .max(64)
  .optional()
  .describe('Name of the account (see email_accounts); may be left out when only one account exists.');

/** The account named by the agent, or the failure that says which names exist. */
export function findAccount(settings: EmailSettings, name: string | undefined): EmailAccount | ToolResult {
  const names = Object.keys(settings.Accounts);
  if (names.length === 0)
    return toolFailure('No e-mail account is configured: the host must add one under Svc:Tools:Email:Accounts:<name>.');
  const wanted = name ?? (names.length === 1 ? names[0] : undefined);
  if (wanted === undefined)
    return toolFailure(`Name the account: one of ${names.map((known) => `'${known}'`).join(', ')}.`);
  const found = names.find((known) => known.toLowerCase() === wanted.toLowerCase());
  const account = found === undefined ? undefined : settings.Accounts[found];
  if (found === undefined || account === undefined)
    return toolFailure(
      `There is no e-mail account ${JSON.stringify(wanted)}: use one of ${names.map((known) => `'${known}'`).join(', ')}.`,
    );
  return { name: found, settings: account };
}

/** `undefined` when the account has every right in `rights`; else the denial naming the missing one. */
export function requireRights(
  account: EmailAccount,
  rights: readonly EmailRight[],
  action: string,
): ToolResult | undefined {
  const missing = rights.filter((right) => !account.settings.Rights.includes(right));
  if (missing.length === 0) return undefined;
  const granted = account.settings.Rights.length === 0 ? 'none' : account.settings.Rights.join(', ');
  return toolDenied(
    `Account '${account.name}' does not allow ${action}: it needs the right ${missing.map((right) => `'${right}'`).join(' and ')} (granted: ${granted}). Only the host can grant it, in Svc:Tools:Email:Accounts:${account.name}:Rights.`,
  );
}

/** The account's IMAP server, or the failure saying it has none. */
export function requireImap(account: EmailAccount): EmailServerSettings | ToolResult {
  return (
    account.settings.Imap ??
    toolFailure(
      `Account '${account.name}' has no IMAP server: the host must set Svc:Tools:Email:Accounts:${account.name}:Imap:Host.`,
    )
  );
}

/** The account's SMTP server, or the failure saying it has none. */
export function requireSmtp(account: EmailAccount): EmailServerSettings | ToolResult {
  return (
    account.settings.Smtp ??
    toolFailure(
      `Account '${account.name}' has no SMTP server: the host must set Svc:Tools:Email:Accounts:${account.name}:Smtp:Host.`,
    )
  );
}

/** The pipeline's time limit for a tool: the settings' own, with room to close the connection. */
export function toolTimeoutMilliseconds(settings: EmailSettings): number {
  return settings.TimeoutSeconds * 1_000 + 5_000;
}

/** `1,234,567`: numbers as people read them. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
