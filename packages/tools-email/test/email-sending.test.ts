import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmailDraftTool, createEmailSendTool, type EmailRight } from '../src/index.js';
import { callTool, createEmailFixture, type EmailFixture, oneAccount } from './email-fixture.js';
import { type SmtpCaptureServer, startSmtpCaptureServer } from './smtp-capture-server.js';

const smtpUser = { user: 'alice@example.test', password: 'smtp-secret-5d1e' };

let fixture: EmailFixture;
let smtp: SmtpCaptureServer;
let plainSmtp: SmtpCaptureServer;

beforeAll(async () => {
  fixture = await createEmailFixture();
  const { server } = fixture.certificates;
  smtp = await startSmtpCaptureServer({ ...smtpUser, tls: { cert: server.certPem, key: server.keyPem } });
  plainSmtp = await startSmtpCaptureServer(smtpUser);
  await writeFile(join(fixture.workspace, 'report.csv'), 'quarter,revenue\nQ1,100\n');
  await writeFile(join(fixture.workspace, 'big.bin'), Buffer.alloc(30_000, 1));
}, 120_000);

afterAll(async () => {
  await smtp?.stop();
  await plainSmtp?.stop();
  await fixture?.[Symbol.asyncDispose]();
});

beforeEach(() => {
  smtp.messages.length = 0;
  plainSmtp.messages.length = 0;
});

function sendingAccount(
  allowed: readonly string[],
  rights: readonly EmailRight[] = ['Send'],
  smtpExtra: Record<string, unknown> = {},
) {
  return fixture.account(rights, {
    Smtp: {
      Host: '127.0.0.1',
      Port: smtp.port,
      Secure: true,
      User: smtpUser.user,
      Password: smtpUser.password,
      CaFile: '/certs/ca.pem',
      ...smtpExtra,
    },
    Send: { AllowedRecipients: [...allowed] },
  });
}

const sender = (allowed: readonly string[], limits: Record<string, number> = {}) =>
  createEmailSendTool(oneAccount(sendingAccount(allowed), limits));

describe('email_send', () => {
  it('sends from the account address to an allowed recipient, bcc only in the envelope', async () => {
    const result = await callTool(sender(['bob@example.test', '@partner.test']), fixture.vfs, {
      to: ['Bob <bob@example.test>'],
      bcc: ['audit@partner.test'],
      subject: 'Quarterly numbers',
      text: 'Hello Bob,\nthe numbers are attached.\n',
      attachments: ['/workspace/report.csv'],
      headers: { 'X-Orkeon-Run': 'r-42' },
    });
    expect(result.outcome, result.output).toBe('Success');
    expect(result.output).toContain('Sent from alice@example.test to bob@example.test, audit@partner.test');
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message?.from).toBe('alice@example.test');
    expect(message?.to).toEqual(['bob@example.test', 'audit@partner.test']);
    expect(message?.raw).toMatch(/^From: Alice Agent <alice@example\.test>$/m);
    expect(message?.raw).toMatch(/^To: Bob <bob@example\.test>$/m);
    expect(message?.raw).toMatch(/^Subject: Quarterly numbers$/m);
    expect(message?.raw).toMatch(/^X-Orkeon-Run: r-42$/m);
    expect(message?.raw).not.toMatch(/^Bcc:/im);
    expect(message?.raw).toContain('filename=report.csv');
  });

  it('sends nobody anything when the allowed list is empty', async () => {
    const result = await callTool(sender([]), fixture.vfs, { to: ['bob@example.test'], subject: 'Hi', text: 'x' });
    expect(result.outcome).toBe('Denied');
    expect(result.output).toContain('It allows no recipient at all');
    expect(result.output).toContain('Svc:Tools:Email:Accounts:work:Send:AllowedRecipients');
    expect(smtp.messages).toHaveLength(0);
  });

  it('checks to, cc and bcc, matches domains exactly, and sends nothing when one is refused', async () => {
    const tool = sender(['bob@example.test', '@partner.test']);
    const refusedCases = [
      { to: ['bob@example.test'], cc: ['eve@evil.test'] },
      { to: ['bob@example.test'], bcc: ['eve@evil.test'] },
      { to: ['eve@sub.partner.test'] },
      { to: ['eve@partner.test.evil.test'] },
      { to: ['bob@example.test.evil.test'] },
      { to: ['BOB@EXAMPLE.TEST', 'eve@evil.test'] },
    ];
    for (const recipients of refusedCases) {
      const result = await callTool(tool, fixture.vfs, { ...recipients, subject: 'Hi', text: 'x' });
      expect(result.outcome, JSON.stringify(recipients)).toBe('Denied');
      expect(result.output).toContain('Nothing was sent');
    }
    expect(smtp.messages).toHaveLength(0);
    const caseInsensitive = await callTool(tool, fixture.vfs, {
      to: ['BOB@Example.Test'],
      cc: ['x@PARTNER.test'],
      subject: 'Hi',
      text: 'x',
    });
    expect(caseInsensitive.outcome, caseInsensitive.output).toBe('Success');
  });

  it('refuses header injection in the subject, names, addresses, inReplyTo and extra headers', async () => {
    const tool = sender(['bob@example.test', 'victim@example.test']);
    const attempts: Record<string, unknown>[] = [
      { subject: 'Hello\r\nBcc: victim@example.test' },
      { subject: 'Hello\nBcc: victim@example.test' },
      { subject: 'Hello\rX-Evil: 1' },
      { subject: 'Nul\u0000byte' },
      { subject: 'Line\u2028separator' },
      { to: ['Bob\r\nBcc: victim@example.test <bob@example.test>'] },
      { to: ['"Bob\nX-Evil: 1" <bob@example.test>'] },
      { to: ['bob@example.test\r\nBcc: victim@example.test'] },
      { to: ['bob@example.test, victim@example.test'] },
      { to: ['bob@example.test>\r\nBcc: <victim@example.test'] },
      { to: ['"victim@example.test"@example.test'] },
      { to: ['bob@[127.0.0.1]'] },
      { inReplyTo: '<a@b>\r\nBcc: victim@example.test' },
      { inReplyTo: 'not-a-message-id' },
      { headers: { Bcc: 'victim@example.test' } },
      { headers: { 'Content-Type': 'text/html' } },
      { headers: { 'X-Ok': 'value\r\nBcc: victim@example.test' } },
      { headers: { 'X-Bad\r\nBcc': 'victim@example.test' } },
      { headers: { 'X-Bad:Name': 'x' } },
    ];
    for (const attempt of attempts) {
      const result = await callTool(tool, fixture.vfs, {
        to: ['bob@example.test'],
        subject: 'Hi',
        text: 'x',
        ...attempt,
      });
      expect(result.outcome, JSON.stringify(attempt)).toBe('Failure');
    }
    expect(smtp.messages).toHaveLength(0);
  });

  it('keeps line breaks in the body as body text', async () => {
    const result = await callTool(sender(['bob@example.test']), fixture.vfs, {
      to: ['bob@example.test'],
      subject: 'Body',
      text: 'line one\r\nBcc: victim@example.test\r\n\r\n.\r\nMAIL FROM:<x@y>\r\n',
    });
    expect(result.outcome, result.output).toBe('Success');
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.to).toEqual(['bob@example.test']);
    const headerBlock = smtp.messages[0]?.raw.split('\r\n\r\n')[0] ?? '';
    expect(headerBlock).not.toMatch(/^Bcc:/im);
  });

  it('refuses attachments outside the mounts, too large, or a message over the limit', async () => {
    const tool = sender(['bob@example.test'], { MaxAttachmentBytes: 20_000, MaxMessageBytes: 20_000 });
    const base = { to: ['bob@example.test'], subject: 'Files', text: 'x' };
    const outside = await callTool(tool, fixture.vfs, { ...base, attachments: ['/workspace/../outside/secret.txt'] });
    expect(outside.outcome).not.toBe('Success');
    expect(outside.output).not.toContain(fixture.root.path);
    const missing = await callTool(tool, fixture.vfs, { ...base, attachments: ['/etc/passwd'] });
    expect(missing.outcome).not.toBe('Success');
    const large = await callTool(tool, fixture.vfs, { ...base, attachments: ['/workspace/big.bin'] });
    expect(large.outcome).toBe('Failure');
    expect(large.output).toContain('MaxAttachmentBytes');
    const tooLong = await callTool(tool, fixture.vfs, { ...base, text: 'z'.repeat(25_000) });
    expect(tooLong.outcome).toBe('Failure');
    expect(tooLong.output).toContain('over the limit of 20,000');
    expect(smtp.messages).toHaveLength(0);
  });

  it('needs the Send right and an SMTP server', async () => {
    const noRight = createEmailSendTool(oneAccount(sendingAccount(['bob@example.test'], ['Read', 'Draft'])));
    const denied = await callTool(noRight, fixture.vfs, { to: ['bob@example.test'], subject: 'Hi', text: 'x' });
    expect(denied.outcome).toBe('Denied');
    expect(denied.output).toContain("'Send'");
    const noSmtp = createEmailSendTool(
      oneAccount(fixture.account(['Send'], { Send: { AllowedRecipients: ['bob@example.test'] } })),
    );
    const failed = await callTool(noSmtp, fixture.vfs, { to: ['bob@example.test'], subject: 'Hi', text: 'x' });
    expect(failed.outcome).toBe('Failure');
    expect(failed.output).toContain('Smtp:Host');
    expect(smtp.messages).toHaveLength(0);
  });

  it('reports a refused SMTP login without the password, and an untrusted certificate', async () => {
    const wrong = createEmailSendTool(
      oneAccount(sendingAccount(['bob@example.test'], ['Send'], { Password: 'bad-smtp-password' })),
    );
    const refused = await callTool(wrong, fixture.vfs, { to: ['bob@example.test'], subject: 'Hi', text: 'x' });
    expect(refused.outcome).toBe('Failure');
    expect(refused.output).toContain('Smtp:Password');
    expect(refused.output).not.toContain('bad-smtp-password');
    const untrusted = createEmailSendTool(oneAccount(sendingAccount(['bob@example.test'], ['Send'], { CaFile: '' })));
    const notTrusted = await callTool(untrusted, fixture.vfs, { to: ['bob@example.test'], subject: 'Hi', text: 'x' });
    expect(notTrusted.outcome).toBe('Failure');
    expect(notTrusted.output).toContain('not trusted');
    expect(smtp.messages).toHaveLength(0);
  });

  it('requires STARTTLS unless plaintext is allowed for a server on this machine', async () => {
    const plain = { Port: plainSmtp.port, Secure: false, CaFile: '' };
    const required = createEmailSendTool(oneAccount(sendingAccount(['bob@example.test'], ['Send'], plain)));
    const refused = await callTool(required, fixture.vfs, { to: ['bob@example.test'], subject: 'Hi', text: 'x' });
    expect(refused.outcome).toBe('Failure');
    expect(plainSmtp.messages).toHaveLength(0);
    const allowed = createEmailSendTool(
      oneAccount(sendingAccount(['bob@example.test'], ['Send'], { ...plain, AllowPlaintext: true })),
    );
    const sent = await callTool(allowed, fixture.vfs, { to: ['bob@example.test'], subject: 'Hi', text: 'x' });
    expect(sent.outcome, sent.output).toBe('Success');
    expect(plainSmtp.messages).toHaveLength(1);
  });
});

describe('email_draft', () => {
  const drafter = (rights: readonly EmailRight[] = ['Draft']) =>
    createEmailDraftTool(oneAccount(fixture.account(rights)));

  it('saves a draft in Drafts with the \\Draft flag, Bcc kept, and sends nothing', async () => {
    const result = await callTool(drafter(), fixture.vfs, {
      to: ['Anyone <anyone@elsewhere.test>'],
      bcc: ['quiet@elsewhere.test'],
      subject: 'Proposal',
      text: 'Draft body',
      attachments: ['/workspace/report.csv'],
    });
    expect(result.outcome, result.output).toBe('Success');
    expect(result.output).toContain('in Drafts');
    const client = await fixture.imap();
    try {
      await client.mailboxOpen('Drafts', { readOnly: true });
      const messages = await client.fetchAll('1:*', { flags: true, source: true, envelope: true });
      expect(messages).toHaveLength(1);
      expect([...(messages[0]?.flags ?? [])]).toContain('\\Draft');
      const source = messages[0]?.source?.toString() ?? '';
      expect(source).toMatch(/^From: Alice Agent <alice@example\.test>$/m);
      expect(source).toMatch(/^Bcc: quiet@elsewhere\.test$/m);
      expect(source).toContain('filename=report.csv');
    } finally {
      await client.logout();
    }
    expect(smtp.messages).toHaveLength(0);
  });

  it('refuses header injection in drafts and needs the Draft right', async () => {
    const injected = await callTool(drafter(), fixture.vfs, {
      to: ['a@example.test'],
      subject: 'Hi\r\nBcc: x@example.test',
    });
    expect(injected.outcome).toBe('Failure');
    const denied = await callTool(drafter(['Read', 'Send', 'Organize']), fixture.vfs, {
      to: ['a@example.test'],
      subject: 'Hi',
    });
    expect(denied.outcome).toBe('Denied');
    expect(denied.output).toContain("'Draft'");
  });
});
