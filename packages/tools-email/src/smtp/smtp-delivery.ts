import { isToolResult, type ToolContext, type ToolResult, toolFailure } from '@orkeon/core';
import { describeMailServerError } from '../imap/mail-server-error.js';
import { serverTlsOptions } from '../imap/server-tls.js';
import { loadNodemailer } from '../libraries.js';
import type { EmailSettings } from '../settings/email-settings.js';
import { type EmailAccount, requireSmtp } from '../tools/email-tool-kit.js';

/** What the SMTP server said about one delivered message. */
export interface SmtpDelivery {
  readonly accepted: readonly string[];
  readonly rejected: readonly string[];
}

/**
 * Hands one composed message to the account's SMTP server, with the envelope given here (never
 * one read from the message). TLS is validated in full; STARTTLS is required unless plaintext
 * was allowed for a server on this machine. The call's signal and time limit end the wait.
 */
export async function deliverMessage(
  settings: EmailSettings,
  account: EmailAccount,
  context: ToolContext,
  envelope: { readonly from: string; readonly to: readonly string[] },
  raw: Buffer,
): Promise<SmtpDelivery | ToolResult> {
  const server = requireSmtp(account);
  if (isToolResult(server)) return server;
  const settingKey = `Svc:Tools:Email:Accounts:${account.name}:Smtp`;
  const tls = await serverTlsOptions(server, context.vfs, settingKey);
  if (isToolResult(tls)) return tls;
  const port = server.Port === 0 ? (server.Secure ? 465 : 587) : server.Port;
  const timeout = settings.TimeoutSeconds * 1_000;
  const nodemailer = await loadNodemailer();
  const transport = nodemailer.createTransport({
    host: server.Host,
    port,
    secure: server.Secure,
    requireTLS: !server.Secure && !server.AllowPlaintext,
    ...(server.User === '' ? {} : { auth: { user: server.User, pass: server.Password } }),
    tls: { ...tls },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  });
  const deadline = AbortSignal.any([context.signal, AbortSignal.timeout(timeout)]);
  let stop: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    stop = () => reject(deadline.reason);
    deadline.addEventListener('abort', stop, { once: true });
  });
  const sending = transport.sendMail({ envelope: { from: envelope.from, to: [...envelope.to] }, raw });
  // After a cancel the send may still settle; its outcome is no longer anyone's.
  sending.catch(() => undefined);
  stopped.catch(() => undefined);
  try {
    if (deadline.aborted) throw deadline.reason;
    const info = await Promise.race([sending, stopped]);
    return { accepted: info.accepted.map(addressText), rejected: info.rejected.map(addressText) };
  } catch (error) {
    if (context.signal.aborted)
      return toolFailure('The call was cancelled; the message may or may not have been sent.');
    if (deadline.aborted)
      return toolFailure(
        `The SMTP server of account '${account.name}' did not finish within ${settings.TimeoutSeconds} s; the message may or may not have been sent.`,
      );
    return toolFailure(`Not sent. ${describeMailServerError(error, 'SMTP', server, port, settingKey)}`);
  } finally {
    if (stop !== undefined) deadline.removeEventListener('abort', stop);
    transport.close();
  }
}

function addressText(address: string | { readonly address: string }): string {
  return typeof address === 'string' ? address : address.address;
}
