import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailFoldersTool, createEmailReadTool, createEmailSearchTool } from '../src/index.js';
import { alice, callTool, createEmailFixture, type EmailFixture, oneAccount, textMessage } from './email-fixture.js';

let fixture: EmailFixture;
const uids: Record<string, number> = {};

const htmlOnly = [
  'From: Mallory <mallory@example.test>',
  'To: alice@example.test',
  'Subject: Newsletter',
  'MIME-Version: 1.0',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<html><head><style>p{color:red}</style><script>stealCookies("head")</script></head>',
  '<body><p>Visible <b>offer</b> text</p><script type="text/javascript">stealCookies("body")</script>',
  '<img src="x" onerror="alert(1)"><a href="https://example.test/deal">the deal</a></body></html>',
  '',
].join('\r\n');

beforeAll(async () => {
  fixture = await createEmailFixture();
  uids.quarterly = await fixture.seed(
    textMessage({ from: 'Carol <carol@example.test>', subject: 'Quarterly report', body: 'Numbers attached.' }),
  );
  uids.special = await fixture.seed(
    textMessage({
      from: 'dave@example.test',
      subject: 'Odd "quoted" (paren) \\ back * star % pct {3} ]',
      body: 'special body',
    }),
  );
  uids.unicode = await fixture.seed(
    textMessage({ from: 'erin@example.test', subject: 'Grüße aus Köln', body: 'Schöne Grüße' }),
  );
  uids.html = await fixture.seed(htmlOnly, 'INBOX', ['\\Seen', '\\Flagged']);
  uids.long = await fixture.seed(textMessage({ subject: 'Long read', body: 'x'.repeat(3_000) }));
  uids.big = await fixture.seed(textMessage({ subject: 'Huge message', body: 'y'.repeat(40_000) }));
}, 120_000);

afterAll(async () => {
  await fixture?.[Symbol.asyncDispose]();
});

describe('email_folders', () => {
  it('lists the folders with their special use and counts', async () => {
    const tool = createEmailFoldersTool(oneAccount(fixture.account(['Read'])));
    const result = await callTool(tool, fixture.vfs, {});
    expect(result.outcome, result.output).toBe('Success');
    expect(result.output).toMatch(/^INBOX 6 messages, 5 unread$/m);
    expect(result.output).toMatch(/^Trash \[Trash\] 0 messages/m);
    expect(result.output).toMatch(/^Drafts \[Drafts\]/m);
  });
});

describe('email_search', () => {
  const search = () => createEmailSearchTool(oneAccount(fixture.account(['Read'])));

  it('finds messages by subject and sender, newest first', async () => {
    const bySubject = await callTool(search(), fixture.vfs, { subject: 'quarterly' });
    expect(bySubject.outcome, bySubject.output).toBe('Success');
    expect(bySubject.output).toContain(`uid ${uids.quarterly} `);
    expect(bySubject.output).toContain('"Quarterly report"');
    expect(bySubject.output).not.toContain('Newsletter');
    const all = await callTool(search(), fixture.vfs, {});
    const listed = [...all.output.matchAll(/^uid (\d+)/gm)].map((match) => Number(match[1]));
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
    expect(listed).toHaveLength(6);
  });

  it('searches by flags', async () => {
    const flagged = await callTool(search(), fixture.vfs, { flagged: true });
    expect(flagged.output).toContain(`uid ${uids.html} `);
    expect(flagged.output).toContain('1 in all');
    const unread = await callTool(search(), fixture.vfs, { unread: true });
    expect(unread.output).not.toContain(`uid ${uids.html} `);
  });

  it('searches by the day messages arrived', async () => {
    const since = await callTool(search(), fixture.vfs, { since: '2000-01-01' });
    expect(since.output).toContain('6 in all');
    const before = await callTool(search(), fixture.vfs, { before: '2000-01-01' });
    expect(before.output).toContain('No message in INBOX');
    expect(search().inputSchema.safeParse({ since: '2026-13-45' }).success).toBe(false);
    expect(search().inputSchema.safeParse({ since: '1 OR ALL' }).success).toBe(false);
  });

  it('passes IMAP special characters as data, not as protocol', async () => {
    for (const term of ['"quoted"', '(paren)', '\\ back', '* star', '% pct', '{3}', ']']) {
      const result = await callTool(search(), fixture.vfs, { subject: term });
      expect(result.outcome, `${term}: ${result.output}`).toBe('Success');
      expect(result.output, term).toContain(`uid ${uids.special} `);
      expect(result.output, term).toContain('1 in all');
    }
    const unicode = await callTool(search(), fixture.vfs, { subject: 'Grüße' });
    expect(unicode.output).toContain(`uid ${uids.unicode} `);
  });

  it('refuses line breaks and control characters in search terms', async () => {
    for (const term of ['x\r\nA1 DELETE INBOX', 'x\nLOGOUT', 'nul\u0000byte']) {
      const result = await callTool(search(), fixture.vfs, { text: term });
      expect(result.outcome).toBe('Failure');
      expect(result.output).toMatch(/search term 'text' contains/);
    }
    const folders = await callTool(createEmailFoldersTool(oneAccount(fixture.account(['Read']))), fixture.vfs, {});
    expect(folders.output).toMatch(/^INBOX 6 messages/m);
  });

  it('cuts the list to the limit and says so', async () => {
    const tool = createEmailSearchTool(oneAccount(fixture.account(['Read']), { MaxSearchResults: 2 }));
    const result = await callTool(tool, fixture.vfs, { limit: 50 });
    expect(result.output).toContain('showing the 2 newest of 6');
    expect(result.output.match(/^uid /gm)).toHaveLength(2);
  });

  it('names a missing folder', async () => {
    const result = await callTool(search(), fixture.vfs, { folder: 'Nope' });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('There is no folder "Nope"');
  });
});

describe('email_read', () => {
  const read = (limits: Record<string, number> = {}) =>
    createEmailReadTool(oneAccount(fixture.account(['Read']), limits));

  it('returns headers and the text body, and does not mark the message read', async () => {
    const result = await callTool(read(), fixture.vfs, { uid: uids.quarterly });
    expect(result.outcome, result.output).toBe('Success');
    expect(result.output).toContain('From: Carol <carol@example.test>');
    expect(result.output).toContain('Subject: Quarterly report');
    expect(result.output).toContain('Numbers attached.');
    const client = await fixture.imap();
    try {
      await client.mailboxOpen('INBOX', { readOnly: true });
      const message = await client.fetchOne(String(uids.quarterly), { flags: true }, { uid: true });
      expect(message && [...(message.flags ?? [])]).not.toContain('\\Seen');
    } finally {
      await client.logout();
    }
  });

  it('turns an HTML-only body into text without scripts or styles', async () => {
    const result = await callTool(read(), fixture.vfs, { uid: uids.html });
    expect(result.outcome).toBe('Success');
    expect(result.output).toContain('Visible offer text');
    expect(result.output).toContain('the deal');
    expect(result.output).not.toMatch(/stealCookies|<script|<p>|color:red|onerror/);
  });

  it('cuts a long body and says how much was cut', async () => {
    const result = await callTool(read({ MaxBodyCharacters: 1_000 }), fixture.vfs, { uid: uids.long });
    expect(result.output).toContain('[body cut: showing the first 1,000 of 3,000 characters]');
    expect(result.output).not.toContain('x'.repeat(1_001));
  });

  it('does not read a message over the size limit, but lists it', async () => {
    const result = await callTool(read({ MaxMessageBytes: 10_000 }), fixture.vfs, { uid: uids.big });
    expect(result.outcome).toBe('Success');
    expect(result.output).toContain('Subject: Huge message');
    expect(result.output).toMatch(/body not read: the message is [\d,]+ bytes, over the limit of 10,000/);
    expect(result.output).not.toContain('yyyy');
  });

  it('names a missing message', async () => {
    const result = await callTool(read(), fixture.vfs, { uid: 999_999 });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('There is no message with uid 999999');
  });
});

describe('account, rights and connection refusals', () => {
  it('denies every reading tool on an account without Read', async () => {
    const settings = oneAccount(fixture.account(['Organize']));
    for (const [tool, input] of [
      [createEmailFoldersTool(settings), {}],
      [createEmailSearchTool(settings), {}],
      [createEmailReadTool(settings), { uid: uids.quarterly }],
    ] as const) {
      const result = await callTool(tool, fixture.vfs, input);
      expect(result.outcome, tool.name).toBe('Denied');
      expect(result.output).toContain("needs the right 'Read'");
      expect(result.output).toContain('Svc:Tools:Email:Accounts:work:Rights');
    }
  });

  it('asks for the account name when there are several, and names the known ones', async () => {
    const tool = createEmailFoldersTool({
      Accounts: { work: fixture.account(['Read']), home: fixture.account(['Read']) },
    });
    const unnamed = await callTool(tool, fixture.vfs, {});
    expect(unnamed.output).toContain("Name the account: one of 'work', 'home'");
    const unknown = await callTool(tool, fixture.vfs, { account: 'boss' });
    expect(unknown.output).toContain('There is no e-mail account "boss"');
    const named = await callTool(tool, fixture.vfs, { account: 'HOME' });
    expect(named.outcome).toBe('Success');
  });

  it('validates the certificate by default: without the CA, or with another CA, nothing is read', async () => {
    for (const caFile of ['', '/certs/rogue-ca.pem']) {
      const account = fixture.account(['Read']);
      const settings = oneAccount({ ...account, Imap: { ...(account.Imap as object), CaFile: caFile } });
      const result = await callTool(createEmailFoldersTool(settings), fixture.vfs, {});
      expect(result.outcome, caFile).toBe('Failure');
      expect(result.output).toMatch(/certificate of the IMAP server 127\.0\.0\.1:\d+ is not trusted/);
      expect(result.output).toContain('Imap:CaFile');
    }
  });

  it('requires STARTTLS on a plain port and works through it', async () => {
    const account = fixture.account(['Read']);
    const settings = oneAccount({
      ...account,
      Imap: { ...(account.Imap as object), Port: fixture.dovecot.imapPort, Secure: false },
    });
    const result = await callTool(createEmailFoldersTool(settings), fixture.vfs, {});
    expect(result.outcome, result.output).toBe('Success');
  });

  it('refuses a CA file outside the mounts with a denial naming only the virtual path', async () => {
    const account = fixture.account(['Read']);
    const settings = oneAccount({ ...account, Imap: { ...(account.Imap as object), CaFile: '/etc/ssl/certs/ca.pem' } });
    const result = await callTool(createEmailFoldersTool(settings), fixture.vfs, {});
    expect(result.outcome).toBe('Denied');
    expect(result.output).toContain('CaFile');
    expect(result.output).not.toContain(fixture.root.path);
  });

  it('stops when the call is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const started = Date.now();
    const result = await callTool(
      createEmailSearchTool(oneAccount(fixture.account(['Read']))),
      fixture.vfs,
      {},
      controller.signal,
    );
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('cancelled');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
  it('stops waiting for a silent server when the call is cancelled, or at the time limit', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (silent.address() as AddressInfo).port;
      const account = fixture.account(['Read']);
      const imap = { ...(account.Imap as object), Port: port };
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      let started = Date.now();
      const cancelled = await callTool(
        createEmailFoldersTool(oneAccount({ ...account, Imap: imap })),
        fixture.vfs,
        {},
        controller.signal,
      );
      expect(cancelled.output).toContain('cancelled');
      expect(Date.now() - started).toBeLessThan(3_000);
      started = Date.now();
      const timedOut = await callTool(
        createEmailFoldersTool({ ...oneAccount({ ...account, Imap: imap }), TimeoutSeconds: 1 }),
        fixture.vfs,
        {},
      );
      expect(timedOut.outcome).toBe('Failure');
      expect(timedOut.output).toContain('did not finish within 1 s');
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      silent.close();
    }
  });

  // Last: Dovecot slows down further logins from an address after a failed one.
  it('reports a refused login without showing the password', async () => {
    const account = fixture.account(['Read']);
    const wrong = { ...account, Imap: { ...(account.Imap as object), Password: 'wrong-password-123' } };
    const result = await callTool(createEmailFoldersTool(oneAccount(wrong)), fixture.vfs, {});
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('login');
    expect(result.output).toContain('Svc:Tools:Email:Accounts:work:Imap:User');
    expect(result.output).not.toContain('wrong-password-123');
    expect(result.output).not.toContain(alice.password);
  });
});
