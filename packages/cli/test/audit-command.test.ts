import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sqliteFileTables } from '@orkeon/store-sqlite';
import { describe, expect, it } from 'vitest';
import { sinceDate } from '../src/commands/audit-command.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({
  crew: `name: reader
agents:
  reader: { role: Reader, goal: Reads files, tools: [file_read, http_api] }
tasks:
  read: { description: Read the notes., expected_output: A summary, agent: reader }
`,
  files: { 'data/notes.txt': 'Opening hours: 9 to 5.' },
});

const runCrew = () => scripted.run(['run', 'crew.yaml', '--mount', `${join(scripted.folder.path, 'data')}:/data:ro`]);

describe('orkeon audit', () => {
  it('shows the calls a run made and the Guardian refused, without their arguments', async () => {
    scripted.server.enqueue(
      {
        toolCalls: [
          { id: 'a', name: 'file_read', arguments: { path: '/data/notes.txt' } },
          { id: 'b', name: 'file_read', arguments: { path: '/data/../../etc/shadow' } },
          { id: 'c', name: 'http_api', arguments: { url: 'http://169.254.169.254/latest/meta-data/' } },
        ],
      },
      { text: 'Open 9 to 5.' },
    );
    const run = await runCrew();
    expect(run.code, run.stderr).toBe(0);

    const blocked = await scripted.run(['audit', '--outcome', 'blocked']);
    expect(blocked.code, blocked.stderr).toBe(0);
    const lines = blocked.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^time\s+kind\s+outcome\s+tool\s+agent\s+task\s+took\s+detail$/);
    // Each refused call: the Guardian's decision and the tool record.
    expect(lines).toHaveLength(5);
    expect(blocked.stdout).toContain('ToolExecution: path-traversal');
    expect(blocked.stdout).toContain('ToolExecution: url');
    expect(blocked.stdout).not.toContain('etc/shadow');
    expect(blocked.stdout).not.toContain('169.254');

    const json = await scripted.run(['audit', '--json', '--since', '1h', '--kind', 'tool']);
    const records = JSON.parse(json.stdout) as {
      tool: string;
      outcome: string;
      agent: string;
      task: string;
      crew: string;
      run: string;
    }[];
    expect(records.map((record) => record.outcome).sort()).toEqual(['Blocked', 'Blocked', 'Success']);
    expect(records[0]).toMatchObject({ agent: 'Reader', task: 'read', crew: 'reader', run: expect.any(String) });
    expect(json.stdout).not.toContain('notes.txt');

    const none = await scripted.run(['audit', '--since', '2099-01-01']);
    expect(none.stdout).toBe('No audit records match.\n');
  });

  it('records nothing with Svc:Security:Audit:Enabled = false', async () => {
    scripted.server.enqueue(
      { toolCalls: [{ name: 'file_read', arguments: { path: '/data/notes.txt' } }] },
      { text: 'ok' },
    );
    const run = await scripted.run(['run', 'crew.yaml', '--mount', `${join(scripted.folder.path, 'data')}:/data:ro`], {
      environment: { SVC_Svc__Security__Audit__Enabled: 'false' },
    });
    expect(run.code, run.stderr).toBe(0);
    expect((await scripted.run(['audit'])).stdout).toBe('No audit records match.\n');
  });

  it('explains a missing database and bad filters', async () => {
    const missing = await scripted.run(['audit', '--state', 'elsewhere/state.db']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No state database at');
    expect(missing.stderr).toContain('--state <file>');
    // A SQLite file that is not a state file is refused, and left as it was.
    const foreign = join(scripted.folder.path, 'notes.db');
    const database = new DatabaseSync(foreign);
    database.exec('CREATE TABLE notes (text TEXT)');
    database.close();
    const refused = await scripted.run(['audit', '--state', 'notes.db']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not an Orkeon state database');
    expect(sqliteFileTables(foreign)).toEqual(['notes']);
    expect((await scripted.run(['audit', '--outcome', 'denied'])).stderr).toContain(
      "Unknown outcome 'denied'; the outcomes are success, failure, blocked.",
    );
    expect((await scripted.run(['audit', '--since', 'yesterday'])).stderr).toContain('neither a duration nor a date');
  });

  it('reads durations and dates', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(sinceDate('24h', now).toISOString()).toBe('2026-11-26T12:00:00.000Z');
    expect(sinceDate('2w', now).toISOString()).toBe('2026-11-13T12:00:00.000Z');
    expect(sinceDate('2026-11-01', now).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
});
