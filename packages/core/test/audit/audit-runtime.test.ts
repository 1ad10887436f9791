import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type AuditRecord,
  type AuditTrail,
  AuditTrailService,
  createRuntime,
  defineCrew,
  defineTool,
  InMemoryAuditTrail,
  ServiceCollection,
  type SettingsTree,
  type StoredAuditRecord,
} from '../../src/index.js';
import { scriptedModel, useServerAndFolder } from '../runtime/runtime-test-setup.js';

const setup = useServerAndFolder();

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a key up.',
  input: z.object({ key: z.string() }),
  access: 'Read',
  execute: async ({ key }) => `${key} = 42`,
});
const save = defineTool({
  name: 'save_note',
  description: 'Saves a note.',
  input: z.object({ path: z.string(), text: z.string() }),
  access: 'Edit',
  execute: async () => 'saved',
});

const withoutSequence = (records: readonly StoredAuditRecord[]) =>
  records.map(({ sequence: _sequence, at: _at, durationMilliseconds: _duration, ...rest }) => rest);

describe('the audit trail through createRuntime', () => {
  it('records each tool execution, Guardian decision and gate decision of a crew run, without arguments', async () => {
    const trail = new InMemoryAuditTrail();
    const services = new ServiceCollection().addInstance(AuditTrailService, trail);
    await using runtime = await createRuntime({
      services,
      model: scriptedModel(setup.server),
      tools: [lookup, save],
      permissionMode: 'plan',
    });
    setup.server.enqueue(
      {
        toolCalls: [
          { id: 'a', name: 'lookup', arguments: { key: 'secret-key-value' } },
          { id: 'b', name: 'lookup', arguments: { key: '../../etc/passwd' } },
          { id: 'c', name: 'save_note', arguments: { path: '/notes/a.txt', text: 'private words' } },
        ],
      },
      { text: 'Done.' },
    );
    const crew = defineCrew({
      name: 'auditors',
      agents: [{ id: 'clerk', role: 'Clerk', goal: 'Looks things up', tools: ['lookup', 'save_note'] }],
      tasks: [{ id: 'find', description: 'Find the answer.', expectedOutput: 'A value.', agent: 'clerk' }],
    });
    await runtime.run(crew);
    await runtime.dispose();

    const records = await trail.query();
    const stored = JSON.stringify(records);
    expect(stored).not.toContain('secret-key-value');
    expect(stored).not.toContain('etc/passwd');
    expect(stored).not.toContain('private words');
    const who = { agent: 'Clerk', crew: 'auditors', task: 'find', caller: 'agent' };
    // The three calls run side by side: their records interleave.
    expect(withoutSequence(records)).toHaveLength(6);
    expect(withoutSequence(records)).toEqual(
      expect.arrayContaining([
        {
          kind: 'permission',
          outcome: 'Success',
          tool: 'lookup',
          detail: 'plan: allow',
          ...who,
          run: expect.any(String),
        },
        { kind: 'tool', outcome: 'Success', tool: 'lookup', ...who, run: expect.any(String) },
        {
          kind: 'guardian',
          outcome: 'Blocked',
          tool: 'lookup',
          detail: 'ToolExecution: path-traversal',
          ...who,
          run: expect.any(String),
        },
        { kind: 'tool', outcome: 'Blocked', tool: 'lookup', detail: 'Blocked', ...who, run: expect.any(String) },
        {
          kind: 'permission',
          outcome: 'Blocked',
          tool: 'save_note',
          detail: 'plan: deny',
          ...who,
          run: expect.any(String),
        },
        { kind: 'tool', outcome: 'Blocked', tool: 'save_note', detail: 'Denied', ...who, run: expect.any(String) },
      ]),
    );
    expect(new Set(records.map((record) => record.run)).size).toBe(1);
    expect(await trail.query({ outcome: 'Blocked', kind: 'tool' })).toHaveLength(2);
  });

  it('keeps records in memory when no trail is registered, and none with Svc:Security:Audit:Enabled = false', async () => {
    const run = async (settings: SettingsTree) => {
      await using runtime = await createRuntime({ model: scriptedModel(setup.server), tools: [lookup], settings });
      setup.server.enqueue({ toolCalls: [{ id: 'a', name: 'lookup', arguments: { key: 'k' } }] }, { text: 'ok' });
      await runtime.run({ id: 'a', role: 'A', goal: 'g', tools: ['lookup'] }, 'Look k up.');
      const trail = runtime.services.tryGet(AuditTrailService);
      await new Promise((resolve) => setImmediate(resolve));
      return trail === undefined ? undefined : await trail.query();
    };
    expect(await run({})).toMatchObject([{ kind: 'tool', tool: 'lookup', outcome: 'Success', agent: 'A' }]);
    expect(await run({ Svc: { Security: { Audit: { Enabled: false } } } })).toBeUndefined();
  });

  it('prunes records older than the retention when it first writes', async () => {
    const old: AuditRecord = { at: '2020-01-01T00:00:00.000Z', kind: 'tool', outcome: 'Success', tool: 'lookup' };
    const trail: AuditTrail = new InMemoryAuditTrail();
    await trail.append([old]);
    await using runtime = await createRuntime({
      services: new ServiceCollection().addInstance(AuditTrailService, trail),
      model: scriptedModel(setup.server),
      tools: [lookup],
      settings: { Svc: { Security: { Audit: { RetentionDays: 30 } } } },
    });
    setup.server.enqueue({ toolCalls: [{ id: 'a', name: 'lookup', arguments: { key: 'k' } }] }, { text: 'ok' });
    await runtime.run({ id: 'a', role: 'A', goal: 'g', tools: ['lookup'] }, 'Look k up.');
    await runtime.dispose();
    expect((await trail.query()).map((record) => record.at)).not.toContain(old.at);
    expect(await trail.query()).toHaveLength(1);
  });
});
