import { isToolResult, type ToolContext, type ToolResult, toolFailure } from '@orkeon/core';
import type { ImapFlow } from 'imapflow';
import { loadImapFlow } from '../libraries.js';
import type { EmailSettings } from '../settings/email-settings.js';
import { type EmailAccount, requireImap } from '../tools/email-tool-kit.js';
import { describeMailServerError } from './mail-server-error.js';
import { serverTlsOptions } from './server-tls.js';

/** Room above the message limit for the protocol framing around one literal. */
const literalMarginBytes = 64 * 1024;

/**
 * Opens one IMAP connection for one tool call, runs `work` on it and logs out. The call's
 * signal and the settings' time limit close the connection (which stops any command in
 * flight). Failures of the server come back as results that name the server and the fix.
 */
export async function withImapSession<T>(
  settings: EmailSettings,
  account: EmailAccount,
  context: ToolContext,
  work: (client: ImapFlow) => Promise<T>,
): Promise<T | ToolResult> {
  const server = requireImap(account);
  if (isToolResult(server)) return server;
  const settingKey = `Svc:Tools:Email:Accounts:${account.name}:Imap`;
  const tls = await serverTlsOptions(server, context.vfs, settingKey);
  if (isToolResult(tls)) return tls;
  const port = server.Port === 0 ? (server.Secure ? 993 : 143) : server.Port;
  const timeout = settings.TimeoutSeconds * 1_000;
  const deadline = AbortSignal.any([context.signal, AbortSignal.timeout(timeout)]);
  const { ImapFlow } = await loadImapFlow();
  // Bounds the memory one server answer may take: the largest message the tools read, plus framing.
  const maxLiteralSize =
    Math.max(settings.Limits.MaxMessageBytes, settings.Limits.MaxAttachmentBytes) + literalMarginBytes;
  const client = new ImapFlow({
    host: server.Host,
    port,
    secure: server.Secure,
    ...(tls.servername === undefined ? {} : { servername: tls.servername }),
    auth: { user: server.User, pass: server.Password },
    tls: { ...tls },
    // STARTTLS is required unless plaintext was allowed (only possible for a server on this machine).
    ...(server.Secure || server.AllowPlaintext ? {} : { doSTARTTLS: true }),
    logger: false,
    disableAutoIdle: true,
    clientInfo: { name: 'Orkeon' },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    maxLiteralSize,
    maxResponseSize: 2 * maxLiteralSize,
  });
  // A failed connection also rejects the command waiting on it; the event itself must not crash the process.
  client.on('error', () => undefined);
  const stop = () => client.close();
  deadline.addEventListener('abort', stop, { once: true });
  try {
    if (deadline.aborted) throw deadline.reason;
    await client.connect();
    const result = await work(client);
    await client.logout().catch(() => client.close());
    return result;
  } catch (error) {
    client.close();
    if (context.signal.aborted) return toolFailure('The call was cancelled; the IMAP connection was closed.');
    if (deadline.aborted)
      return toolFailure(
        `The IMAP server of account '${account.name}' did not finish within ${settings.TimeoutSeconds} s: try a narrower request, or the host raises Svc:Tools:Email:TimeoutSeconds.`,
      );
    return toolFailure(describeMailServerError(error, 'IMAP', server, port, settingKey));
  } finally {
    deadline.removeEventListener('abort', stop);
  }
}
