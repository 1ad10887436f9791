import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as it arrived: the SMTP envelope and the raw bytes. */
export interface CapturedMessage {
  readonly from: string;
  readonly to: readonly string[];
  readonly raw: string;
}

/** A real SMTP server (the `smtp-server` package) on loopback that keeps every message it receives. */
export interface SmtpCaptureServer extends AsyncDisposable {
  readonly port: number;
  readonly messages: CapturedMessage[];
  stop(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /** PEM certificate and key: TLS from the first byte. Without them, plain text and no STARTTLS. */
  readonly tls?: { readonly cert: string; readonly key: string };
  readonly user: string;
  readonly password: string;
}

export async function startSmtpCaptureServer(options: SmtpCaptureOptions): Promise<SmtpCaptureServer> {
  const messages: CapturedMessage[] = [];
  const server = new SMTPServer({
    ...(options.tls === undefined
      ? { secure: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true }
      : { secure: true, cert: options.tls.cert, key: options.tls.key }),
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
        messages.push({
          from,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port, messages, stop, [Symbol.asyncDispose]: stop };
}
