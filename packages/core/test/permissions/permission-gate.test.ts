import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addSvcPermissionGate,
  Configuration,
  classifyTool,
  coreSettingsSections,
  defineTool,
  PermissionGate,
  PermissionGateService,
  type PermissionMode,
  type PermissionRequest,
  ServiceCollection,
  type SettingsTree,
  type ToolAccess,
} from '../../src/index.js';
import { createToolTestSetup, type ToolTestSetup } from '../tools/tool-test-setup.js';

const tool = (name: string, access: ToolAccess) =>
  defineTool({ name, description: name, access, input: z.object({}), execute: async () => `${name} ran` });

describe('classification', () => {
  it('a declared access beats the name tables', () => {
    expect(classifyTool('file_read', 'Execute')).toBe('execute');
    expect(classifyTool('deploy', 'Read')).toBe('read');
    expect(classifyTool('anything', 'Edit')).toBe('edit');
  });

  it('without a declaration, the name tables decide and unknown tools count as writes', () => {
    expect(classifyTool('file_read')).toBe('read');
    expect(classifyTool('Directory_Read')).toBe('read');
    expect(classifyTool('codebase_search')).toBe('read');
    expect(classifyTool('file_write')).toBe('edit');
    expect(classifyTool('deploy_to_prod')).toBe('write');
  });
});

describe('modes × access classes', () => {
  const gate = new PermissionGate();
  const classes: [string, ToolAccess][] = [
    ['reader', 'Read'],
    ['editor', 'Edit'],
    ['runner', 'Execute'],
    ['mystery', 'Unspecified'],
  ];
  const expected: Record<PermissionMode, string[]> = {
    bypassPermissions: ['allow', 'allow', 'allow', 'allow'],
    plan: ['allow', 'deny', 'deny', 'deny'],
    acceptEdits: ['allow', 'allow', 'ask', 'ask'],
    default: ['ask', 'ask', 'ask', 'ask'],
  };
  for (const [mode, actions] of Object.entries(expected) as [PermissionMode, string[]][]) {
    it(`${mode}: ${actions.join(', ')}`, () => {
      expect(classes.map(([name, access]) => gate.check(name, access, mode).action)).toEqual(actions);
    });
  }

  it('explains a denial', () => {
    expect(gate.check('mystery', 'Unspecified', 'plan')).toEqual({
      action: 'deny',
      reason: "'mystery' is not known to be read-only, so it counts as a write, and plan mode allows only reads.",
    });
  });
});

describe('the gate in the invocation pipeline', () => {
  let setup: ToolTestSetup;
  const caller = { kind: 'script' as const };
  beforeEach(async () => {
    setup = await createToolTestSetup([tool('run_build', 'Execute'), tool('mystery', 'Unspecified')]);
  });
  afterEach(async () => {
    await setup.folder.remove();
  });

  it('without a gate every call goes through', async () => {
    expect(await setup.pipeline().invoke({ tool: 'run_build', input: {}, caller })).toMatchObject({
      outcome: 'Success',
    });
  });

  it('a headless ask becomes a reasoned DENIED result, never an exception', async () => {
    const pipeline = setup.pipeline({ gate: new PermissionGate() });
    const result = await pipeline.invoke({ tool: 'run_build', input: {}, caller, permissionMode: 'acceptEdits' });
    expect(result.outcome).toBe('Denied');
    expect(result.output).toBe(
      "DENIED: 'run_build' runs commands or reaches outside systems; acceptEdits mode asks before anything beyond reads and file edits. No one is available to approve it (no interactive channel). Choose the permission mode 'acceptEdits' or 'bypassPermissions' for this work, or run it where a person can approve.",
    );
    expect(setup.audit.at(-1)?.outcome).toBe('Denied');
  });

  it('acceptEdits lets reads and file writes through and plan denies the write', async () => {
    const pipeline = setup.pipeline({ gate: new PermissionGate({ defaultMode: 'acceptEdits' }) });
    expect(await pipeline.invoke({ tool: 'file_read', input: { path: '/workspace/readme.md' }, caller })).toMatchObject(
      { outcome: 'Success' },
    );
    expect(
      await pipeline.invoke({ tool: 'file_write', input: { path: '/output/a.txt', content: 'x' }, caller }),
    ).toMatchObject({
      outcome: 'Success',
    });
    expect(
      await pipeline.invoke({
        tool: 'file_write',
        input: { path: '/output/b.txt', content: 'x' },
        caller,
        permissionMode: 'plan',
      }),
    ).toMatchObject({
      outcome: 'Denied',
      output: expect.stringMatching(/^DENIED: 'file_write' edits files, and plan mode allows only reads\.$/),
    });
  });

  it('an interactive channel answers asks, and sees the arguments', async () => {
    const asked: PermissionRequest[] = [];
    let answer = true;
    const pipeline = setup.pipeline({
      gate: new PermissionGate(),
      prompt: async (request) => {
        asked.push(request);
        return answer;
      },
    });
    expect(await pipeline.invoke({ tool: 'mystery', input: {}, caller })).toMatchObject({
      outcome: 'Success',
      output: 'mystery ran',
    });
    answer = false;
    expect(await pipeline.invoke({ tool: 'file_read', input: { path: '/workspace/readme.md' }, caller })).toMatchObject(
      {
        outcome: 'Denied',
        output: expect.stringMatching(/The request was refused by the person asked\.$/),
      },
    );
    expect(asked.map((request) => [request.tool, request.toolClass, request.mode])).toEqual([
      ['mystery', 'write', 'default'],
      ['file_read', 'read', 'default'],
    ]);
    expect(asked[1]?.input).toEqual({ path: '/workspace/readme.md' });
  });

  it('a failing interactive channel denies the call', async () => {
    const pipeline = setup.pipeline({
      gate: new PermissionGate(),
      prompt: async () => {
        throw new Error('terminal closed');
      },
    });
    expect(await pipeline.invoke({ tool: 'mystery', input: {}, caller })).toMatchObject({
      outcome: 'Denied',
      output: expect.stringContaining('The approval channel failed (terminal closed)'),
    });
  });

  it('Interactive = false treats asks as headless even with a channel', async () => {
    const pipeline = setup.pipeline({ gate: new PermissionGate({ interactive: false }), prompt: async () => true });
    expect(await pipeline.invoke({ tool: 'mystery', input: {}, caller })).toMatchObject({ outcome: 'Denied' });
  });
});

describe('addSvcPermissionGate', () => {
  const configured = (gate: SettingsTree) =>
    Configuration.fromObject({ Svc: { Security: { PermissionGate: gate } } }, coreSettingsSections);

  it('registers nothing without the Enabled flag', () => {
    const services = addSvcPermissionGate(new ServiceCollection(), configured({ Mode: 'plan' }));
    expect(services.has(PermissionGateService)).toBe(false);
    expect(
      addSvcPermissionGate(new ServiceCollection(), Configuration.fromObject({}, coreSettingsSections)).has(
        PermissionGateService,
      ),
    ).toBe(false);
  });

  it('registers the gate with its mode when enabled, keeping a host gate', () => {
    const gate = addSvcPermissionGate(new ServiceCollection(), configured({ Enabled: true, Mode: 'plan' }))
      .build()
      .get(PermissionGateService);
    expect(gate.defaultMode).toBe('plan');
    const hostGate = new PermissionGate({ defaultMode: 'bypassPermissions' });
    const services = new ServiceCollection().addInstance(PermissionGateService, hostGate);
    expect(
      addSvcPermissionGate(services, configured({ Enabled: true }))
        .build()
        .get(PermissionGateService),
    ).toBe(hostGate);
  });

  it('refuses an unknown mode at start', () => {
    expect(() => configured({ Enabled: true, Mode: 'yolo' })).toThrow(
      /Setting 'Svc:Security:PermissionGate:Mode' = "yolo" .* Allowed: one of "bypassPermissions", "plan", "acceptEdits", "default"\./,
    );
  });
});
