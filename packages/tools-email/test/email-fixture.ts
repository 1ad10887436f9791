import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VirtualFileSystem } from '@orkeon/core';
import {
  createTemporaryDirectory,
  createTestCertificates,
  type TemporaryDirectory,
  type TestCertificates,
} from '@orkeon/testing';
import { ImapFlow } from 'imapflow';
import type { EmailRight, EmailSettingsInput } from '../src/index.js';
import { type DovecotServer, startDovecotServer } from './dovecot-server.js';

export const alice = { name: 'alice', password: 'alice-imap-secret-7f3a' } as const;
export const bob = { name: 'bob', password: 'bob-imap-secret-91c2' } as const;

/**
 * The parts of an e-mail test: test certificates, a Dovecot server using them, and folders
 * mounted in a VFS: `/workspace` (read-write), `/certs` (read-only, the test CA) and `/docs`
 * (read-only). `outside` is mounted nowhere.
 */
export interface EmailFixture extends AsyncDisposable {
  readonly certificates: TestCertificates;
  readonly dovecot: DovecotServer;
  readonly root: TemporaryDirectory;
  readonly workspace: string;
  readonly docs: string;
  readonly outside: string;
  readonly vfs: VirtualFileSystem;
  /** Alice's account over IMAPS, trusting the test CA through `/certs/ca.pem`. */
  account(rights: readonly EmailRight[], extra?: Record<string, unknown>): Record<string, unknown>;
  /** A direct IMAP client (not the tools) for preparing and checking mailboxes. */
  imap(user?: { name: string; password: string }): Promise<ImapFlow>;
  /** Appends a message and returns its uid. */
  seed(raw: string | Buffer, folder?: string, flags?: string[]): Promise<number>;
}

export async function createEmailFixture(): Promise<EmailFixture> {
  const certificates = await createTestCertificates();
  const dovecot = await startDovecotServer({ certificate: certificates.server, users: [alice, bob] });
  const root = await createTemporaryDirectory('orkeon-email-');
  const workspace = join(root.path, 'workspace');
  const docs = join(root.path, 'docs');
  const certs = join(root.path, 'certs');
  const outside = join(root.path, 'outside');
  for (const folder of [workspace, docs, certs, outside]) await mkdir(folder);
  await writeFile(join(certs, 'ca.pem'), certificates.ca.certPem);
  await writeFile(join(certs, 'rogue-ca.pem'), certificates.rogueCa.certPem);
  const vfs = await VirtualFileSystem.create([`${workspace}:/workspace:rw`, `${docs}:/docs:ro`, `${certs}:/certs:ro`]);
  const imap = async (user: { name: string; password: string } = alice) => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: dovecot.imapsPort,
      secure: true,
      auth: { user: user.name, pass: user.password },
      tls: { ca: [certificates.ca.certPem] },
      logger: false,
      disableAutoIdle: true,
    });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  const seed = async (raw: string | Buffer, folder = 'INBOX', flags: string[] = []) => {
    const client = await imap();
    try {
      const appended = await client.append(folder, raw, flags);
      if (appended === false || appended.uid === undefined) throw new Error('append gave no uid');
      return appended.uid;
    } finally {
      await client.logout();
    }
  };
  const account = (rights: readonly EmailRight[], extra: Record<string, unknown> = {}) => ({
    Imap: {
      Host: '127.0.0.1',
      Port: dovecot.imapsPort,
      Secure: true,
      User: alice.name,
      Password: alice.password,
      CaFile: '/certs/ca.pem',
    },
    From: 'Alice Agent <alice@example.test>',
    Rights: [...rights],
    ...extra,
  });
  const dispose = async () => {
    await dovecot.stop();
    await root.remove();
    await certificates.remove();
  };
  return {
    certificates,
    dovecot,
    root,
    workspace,
    docs,
    outside,
    vfs,
    account,
    imap,
    seed,
    [Symbol.asyncDispose]: dispose,
  };
}

/** Settings with one account named `work` (the tools' single-account default). */
export function oneAccount(account: Record<string, unknown>, limits: Record<string, number> = {}): EmailSettingsInput {
  return { Accounts: { work: account }, Limits: limits } as EmailSettingsInput;
}

export { callTool } from '@orkeon/testing';

/** A small RFC 5322 message for seeding. */
export function textMessage(fields: {
  from?: string;
  to?: string;
  subject: string;
  body?: string;
  date?: string;
}): string {
  return [
    `From: ${fields.from ?? 'Carol Sender <carol@example.test>'}`,
    `To: ${fields.to ?? 'alice@example.test'}`,
    `Subject: ${fields.subject}`,
    `Date: ${fields.date ?? 'Tue, 03 Mar 2026 10:00:00 +0000'}`,
    `Message-ID: <${Math.random().toString(36).slice(2)}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    fields.body ?? 'Hello Alice.',
    '',
  ].join('\r\n');
}

/** A message with one base64 attachment whose file name is given as is (also a hostile one). */
export function messageWithAttachment(fileName: string, content: Buffer, subject = 'With attachment'): string {
  const boundary = 'orkeon-boundary-42';
  const encoded = content.toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    'From: carol@example.test',
    'To: alice@example.test',
    `Subject: ${subject}`,
    'Date: Tue, 03 Mar 2026 11:00:00 +0000',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'See the attachment.',
    `--${boundary}`,
    `Content-Type: application/octet-stream; name="${fileName}"`,
    `Content-Disposition: attachment; filename="${fileName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    encoded,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
