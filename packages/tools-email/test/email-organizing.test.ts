import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmailCreateFolderTool,
  createEmailDeleteTool,
  createEmailMarkTool,
  createEmailMoveTool,
  createEmailRenameFolderTool,
  type EmailRight,
} from '../src/index.js';
import { callTool, createEmailFixture, type EmailFixture, oneAccount, textMessage } from './email-fixture.js';

let fixture: EmailFixture;

beforeAll(async () => {
  fixture = await createEmailFixture();
}, 120_000);

afterAll(async () => {
  await fixture?.[Symbol.asyncDispose]();
});

const settingsWith = (rights: readonly EmailRight[]) => oneAccount(fixture.account(rights));

/** Uids and flags of a folder, read with a direct IMAP client. */
async function folderContents(folder: string): Promise<Map<number, string[]>> {
  const client = await fixture.imap();
  try {
    await client.mailboxOpen(folder, { readOnly: true });
    const contents = new Map<number, string[]>();
    if (client.mailbox === false || client.mailbox.exists === 0) return contents;
    for await (const message of client.fetch('1:*', { uid: true, flags: true }))
      contents.set(message.uid, [...(message.flags ?? [])].sort());
    return contents;
  } finally {
    await client.logout();
  }
}

async function folderNames(): Promise<string[]> {
  const client = await fixture.imap();
  try {
    return (await client.list()).map((folder) => folder.path).sort();
  } finally {
    await client.logout();
  }
}

describe('email_create_folder and email_rename_folder', () => {
  it('creates a folder, refuses a duplicate, and renames it', async () => {
    const create = createEmailCreateFolderTool(settingsWith(['Organize']));
    const created = await callTool(create, fixture.vfs, { folder: 'Projects/2026' });
    expect(created.outcome, created.output).toBe('Success');
    expect(await folderNames()).toContain('Projects/2026');
    const again = await callTool(create, fixture.vfs, { folder: 'projects/2026' });
    expect(again.outcome).toBe('Failure');
    expect(again.output).toContain('already exists');
    const rename = createEmailRenameFolderTool(settingsWith(['Organize']));
    const renamed = await callTool(rename, fixture.vfs, { folder: 'Projects/2026', newName: 'Projects/Archive-2026' });
    expect(renamed.outcome, renamed.output).toBe('Success');
    const names = await folderNames();
    expect(names).toContain('Projects/Archive-2026');
    expect(names).not.toContain('Projects/2026');
  });

  it('refuses names with line breaks, control characters or wildcards', async () => {
    const create = createEmailCreateFolderTool(settingsWith(['Organize']));
    const before = await folderNames();
    for (const folder of ['Evil\r\nA1 DELETE INBOX', 'Tab\u0007Bell', 'All*', 'Some%', '']) {
      const result = await callTool(create, fixture.vfs, { folder });
      expect(result.outcome, JSON.stringify(folder)).toBe('Failure');
    }
    expect(await folderNames()).toEqual(before);
  });

  it('does not rename the inbox or a special-use folder', async () => {
    const rename = createEmailRenameFolderTool(settingsWith(['Organize']));
    const inbox = await callTool(rename, fixture.vfs, { folder: 'INBOX', newName: 'Old' });
    expect(inbox.outcome).toBe('Denied');
    const toInbox = await callTool(rename, fixture.vfs, { folder: 'Projects', newName: 'inbox' });
    expect(toInbox.outcome).toBe('Denied');
    const trash = await callTool(rename, fixture.vfs, { folder: 'Trash', newName: 'Bin' });
    expect(trash.outcome).toBe('Denied');
    expect(trash.output).toContain('Trash folder');
    const missing = await callTool(rename, fixture.vfs, { folder: 'Nowhere', newName: 'Somewhere' });
    expect(missing.outcome).toBe('Failure');
    expect(await folderNames()).toEqual(expect.arrayContaining(['INBOX', 'Trash']));
  });
});

describe('email_move and email_mark', () => {
  it('moves messages and reports the uids it did not find', async () => {
    const uid = await fixture.seed(textMessage({ subject: 'To be filed' }));
    await fixture.seed(textMessage({ subject: 'Stays' }));
    await callTool(createEmailCreateFolderTool(settingsWith(['Organize'])), fixture.vfs, { folder: 'Filed' });
    const move = createEmailMoveTool(settingsWith(['Organize']));
    const result = await callTool(move, fixture.vfs, { uids: [uid, 424242], destination: 'Filed' });
    expect(result.outcome, result.output).toBe('Success');
    expect(result.output).toContain('Moved 1 message(s) from INBOX to Filed.');
    expect(result.output).toContain('uid 424242');
    expect((await folderContents('INBOX')).has(uid)).toBe(false);
    expect((await folderContents('Filed')).size).toBe(1);
    const missing = await callTool(move, fixture.vfs, { uids: [1], destination: 'No/Such' });
    expect(missing.outcome).toBe('Failure');
    expect(missing.output).toContain('There is no folder "No/Such"');
  });

  it('treats a move into the Trash as deleting', async () => {
    const uid = await fixture.seed(textMessage({ subject: 'Sneaky delete' }));
    const organizeOnly = await callTool(createEmailMoveTool(settingsWith(['Organize'])), fixture.vfs, {
      uids: [uid],
      destination: 'Trash',
    });
    expect(organizeOnly.outcome).toBe('Denied');
    expect(organizeOnly.output).toContain("'Delete'");
    expect((await folderContents('INBOX')).has(uid)).toBe(true);
    const allowed = await callTool(createEmailMoveTool(settingsWith(['Organize', 'Delete'])), fixture.vfs, {
      uids: [uid],
      destination: 'Trash',
    });
    expect(allowed.outcome, allowed.output).toBe('Success');
  });

  it('marks messages read and flagged, and back', async () => {
    const uid = await fixture.seed(textMessage({ subject: 'Mark me' }));
    const mark = createEmailMarkTool(settingsWith(['Organize']));
    const marked = await callTool(mark, fixture.vfs, { uids: [uid], read: true, flagged: true });
    expect(marked.outcome, marked.output).toBe('Success');
    expect((await folderContents('INBOX')).get(uid)).toEqual(['\\Flagged', '\\Seen']);
    await callTool(mark, fixture.vfs, { uids: [uid], read: false, answered: true });
    expect((await folderContents('INBOX')).get(uid)).toEqual(['\\Answered', '\\Flagged']);
    const nothing = await callTool(mark, fixture.vfs, { uids: [uid] });
    expect(nothing.outcome).toBe('Failure');
  });

  it('offers no way to set \\Deleted or free keywords through email_mark', async () => {
    const mark = createEmailMarkTool(settingsWith(['Organize']));
    expect(mark.inputSchema.safeParse({ uids: [1], deleted: true }).success).toBe(false);
    expect(mark.inputSchema.safeParse({ uids: [1], flags: ['\\Deleted'] }).success).toBe(false);
  });
});

describe('email_delete', () => {
  it('moves to the Trash with Delete, and refuses to purge without Purge', async () => {
    const uid = await fixture.seed(textMessage({ subject: 'Delete me' }));
    const soft = await callTool(createEmailDeleteTool(settingsWith(['Delete'])), fixture.vfs, { uids: [uid] });
    expect(soft.outcome, soft.output).toBe('Success');
    expect(soft.output).toContain('to Trash');
    expect((await folderContents('INBOX')).has(uid)).toBe(false);
    const trash = await folderContents('Trash');
    const trashed = [...trash.keys()].at(-1) as number;
    const again = await callTool(createEmailDeleteTool(settingsWith(['Delete'])), fixture.vfs, {
      folder: 'Trash',
      uids: [trashed],
    });
    expect(again.outcome).toBe('Failure');
    expect(again.output).toContain('in the Trash already');
    const noPurge = await callTool(createEmailDeleteTool(settingsWith(['Delete'])), fixture.vfs, {
      folder: 'Trash',
      uids: [trashed],
      permanently: true,
    });
    expect(noPurge.outcome).toBe('Denied');
    expect(noPurge.output).toContain("'Purge'");
    expect((await folderContents('Trash')).has(trashed)).toBe(true);
  });

  it('expunges exactly the given messages with Delete and Purge', async () => {
    const target = await fixture.seed(textMessage({ subject: 'Purge me' }));
    // Another client's \Deleted mark must survive: only the named uid is expunged.
    const bystander = await fixture.seed(textMessage({ subject: 'Marked elsewhere' }), 'INBOX', ['\\Deleted']);
    const purge = createEmailDeleteTool(settingsWith(['Delete', 'Purge']));
    const result = await callTool(purge, fixture.vfs, { uids: [target], permanently: true });
    expect(result.outcome, result.output).toBe('Success');
    expect(result.output).toContain('for good');
    const inbox = await folderContents('INBOX');
    expect(inbox.has(target)).toBe(false);
    expect(inbox.has(bystander)).toBe(true);
  });

  it('does not delete without a Trash folder to move to', async () => {
    const uid = await fixture.seed(textMessage({ subject: 'Nowhere to go' }));
    const settings = oneAccount(fixture.account(['Delete'], { Folders: { Trash: 'Recycle' } }));
    const result = await callTool(createEmailDeleteTool(settings), fixture.vfs, { uids: [uid] });
    expect(result.outcome).toBe('Failure');
    expect((await folderContents('INBOX')).has(uid)).toBe(true);
  });
});

describe('rights', () => {
  it('denies each organizing tool without Organize, and delete without Delete', async () => {
    const readOnly = settingsWith(['Read', 'Draft', 'Send', 'Purge']);
    const cases = [
      [createEmailCreateFolderTool(readOnly), { folder: 'X' }, 'Organize'],
      [createEmailRenameFolderTool(readOnly), { folder: 'Filed', newName: 'Y' }, 'Organize'],
      [createEmailMoveTool(readOnly), { uids: [1], destination: 'Filed' }, 'Organize'],
      [createEmailMarkTool(readOnly), { uids: [1], read: true }, 'Organize'],
      [createEmailDeleteTool(readOnly), { uids: [1] }, 'Delete'],
      [createEmailDeleteTool(readOnly), { uids: [1], permanently: true }, 'Delete'],
    ] as const;
    const before = await folderNames();
    for (const [tool, input, right] of cases) {
      const result = await callTool(tool, fixture.vfs, input);
      expect(result.outcome, `${tool.name} ${JSON.stringify(input)}`).toBe('Denied');
      expect(result.output).toContain(`'${right}'`);
    }
    expect(await folderNames()).toEqual(before);
  });
});
