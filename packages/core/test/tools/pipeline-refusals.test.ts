import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineTool,
  PermissionGate,
  type PermissionMode,
  ToolDefinitionError,
  ToolInvocationPipeline,
  UnknownPermissionModeError,
} from '../../src/index.js';
import { createToolTestSetup, type ToolTestSetup } from './tool-test-setup.js';

const caller = { kind: 'script' as const };
const runner = defineTool({
  name: 'run_build',
  description: 'runs',
  access: 'Execute',
  input: z.object({}),
  execute: async () => 'ran',
});

let setup: ToolTestSetup;
beforeEach(async () => {
  setup = await createToolTestSetup([runner]);
});
afterEach(async () => {
  await setup.folder.remove();
});

describe('the pipeline answers, never throws', () => {
  it.each(['PLAN', 'yolo', '', 'Default'])('an unknown permission mode %j is a clear refusal', async (mode) => {
    for (const gate of [new PermissionGate(), undefined]) {
      const pipeline = setup.pipeline(gate === undefined ? {} : { gate });
      const result = await pipeline.invoke({
        tool: 'file_read',
        input: { path: '/workspace/readme.md' },
        caller,
        permissionMode: mode as PermissionMode,
      });
      expect(result).toMatchObject({
        outcome: 'Denied',
        output: `DENIED: Unknown permission mode '${mode}'. Use one of: bypassPermissions, plan, acceptEdits, default (the names are case-sensitive).`,
      });
    }
    expect(setup.audit.at(-1)?.outcome).toBe('Denied');
  });

  it('the gate itself denies an unknown mode and refuses to be built with one', () => {
    expect(new PermissionGate().check('file_read', 'Read', 'yolo' as PermissionMode)).toMatchObject({ action: 'deny' });
    expect(() => new PermissionGate({ defaultMode: 'PLAN' as PermissionMode })).toThrow(UnknownPermissionModeError);
  });

  it('a failing approval channel does not show physical folders in the denial', async () => {
    const pipeline = setup.pipeline({
      gate: new PermissionGate(),
      prompt: async () => {
        throw new Error(`cannot open ${join(setup.folder.path, 'internal', 'key')} nor ${setup.workspace}/tty`);
      },
    });
    const result = await pipeline.invoke({ tool: 'run_build', input: {}, caller });
    expect(result.outcome).toBe('Denied');
    expect(result.output).toContain('The approval channel failed (cannot open [REDACTED]/key nor [REDACTED]/tty)');
    expect(result.output).not.toContain(setup.folder.path);
  });

  it('a callback that throws on start does not stop the call', async () => {
    const throwing = new ToolInvocationPipeline({
      registry: setup.registry,
      vfs: setup.vfs,
      logger: setup.logs.logger,
      onCallStarted: () => {
        throw new Error('listener broke');
      },
    });
    expect(await throwing.invoke({ tool: 'run_build', input: {}, caller })).toMatchObject({ outcome: 'Success' });
  });

  it('a tool name models cannot call is a typed error', () => {
    expect(() => defineTool({ name: '1bad', description: '', input: z.object({}), execute: async () => '' })).toThrow(
      ToolDefinitionError,
    );
  });
});
