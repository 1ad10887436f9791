import { types } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type ToolContext, type ToolLogRecord, type ToolProgress } from '../../src/index.js';
import { createToolTestSetup, type ToolTestSetup } from './tool-test-setup.js';

const caller = { kind: 'mcp' as const };
let seen: ToolContext | undefined;
let afterEnd: (() => void) | undefined;

const worker = defineTool({
  name: 'worker',
  description: 'reports progress and logs',
  access: 'Read',
  input: z.object({}),
  execute: async (_input, context) => {
    seen = context;
    context.reportProgress?.({ progress: 1, total: 3, message: 'first' });
    context.logger.debug({ file: 'a.txt', apiKey: 'sk-very-secret' }, 'read %s', 'a.txt');
    context.reportProgress?.({ progress: 3 });
    context.logger.child({ step: 2 }).info('half way');
    context.logger.warn(new Error('disk almost full'));
    return 'done';
  },
});
const badProgress = defineTool({
  name: 'bad_progress',
  description: 'reports progress that is not a number',
  access: 'Read',
  input: z.object({}),
  execute: async (_input, context) => {
    context.reportProgress?.({ progress: Number.NaN });
    return 'never';
  },
});
const lingering = defineTool({
  name: 'lingering',
  description: 'keeps reporting after it timed out',
  access: 'Read',
  timeoutMilliseconds: 50,
  input: z.object({}),
  execute: (_input, context) =>
    new Promise((resolve) => {
      afterEnd = () => {
        context.reportProgress?.({ progress: 9 });
        context.logger.error('too late');
        resolve('late');
      };
    }),
});

let setup: ToolTestSetup;
beforeEach(async () => {
  seen = undefined;
  setup = await createToolTestSetup([worker, badProgress, lingering]);
});
afterEach(() => setup.folder.remove());

describe('progress and log listeners of one call', () => {
  it('hand the tool’s progress and every log line (below the logger’s own level too) to the caller', async () => {
    const progress: ToolProgress[] = [];
    const logs: ToolLogRecord[] = [];
    const result = await setup.pipeline().invoke({
      tool: 'worker',
      input: {},
      caller,
      onProgress: (update) => progress.push(update),
      onLog: (record) => logs.push(record),
    });
    expect(result.output).toBe('done');
    expect(progress).toEqual([{ progress: 1, total: 3, message: 'first' }, { progress: 3 }]);
    expect(logs).toEqual([
      { level: 'debug', message: 'read a.txt', fields: { file: 'a.txt', apiKey: '[REDACTED]' } },
      { level: 'info', message: 'half way' },
      { level: 'warn', message: 'disk almost full', fields: { err: 'disk almost full' } },
    ]);
  });

  it('cost nothing without listeners: the tool gets the plain logger and reporting does nothing', async () => {
    const result = await setup.pipeline().invoke({ tool: 'worker', input: {}, caller });
    expect(result.output).toBe('done');
    expect(types.isProxy(seen?.logger)).toBe(false);
    expect(typeof seen?.reportProgress).toBe('function');
  });

  it('refuse progress that is not a number, as the tool’s failure naming the fix', async () => {
    const result = await setup.pipeline().invoke({ tool: 'bad_progress', input: {}, caller, onProgress: () => {} });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('reported progress {"progress":null}: give { progress: <finite number>');
  });

  it('stop hearing a call once it has ended (a tool that outlives its time-out)', async () => {
    const progress: ToolProgress[] = [];
    const logs: ToolLogRecord[] = [];
    const result = await setup.pipeline().invoke({
      tool: 'lingering',
      input: {},
      caller,
      onProgress: (update) => progress.push(update),
      onLog: (record) => logs.push(record),
    });
    expect(result.output).toContain('timed out');
    afterEnd?.();
    expect(progress).toEqual([]);
    expect(logs).toEqual([]);
  });
});
