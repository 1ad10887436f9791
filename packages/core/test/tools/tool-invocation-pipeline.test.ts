import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineTool,
  OrkeonError,
  ToolInvocationPipeline,
  ToolRegistry,
  ToolRegistryError,
  toolInputJsonSchema,
} from '../../src/index.js';
import { createToolTestSetup, type ToolTestSetup } from './tool-test-setup.js';

const caller = { kind: 'script' as const, crew: 'demo' };

const slowTool = defineTool({
  name: 'slow',
  description: 'waits, ignoring its signal',
  access: 'Read',
  timeoutMilliseconds: 100,
  input: z.object({}),
  execute: () => new Promise((resolve) => setTimeout(() => resolve('late'), 2_000)),
});
let sawAbort = false;
const politeTool = defineTool({
  name: 'polite',
  description: 'waits until aborted',
  access: 'Read',
  input: z.object({}),
  execute: (_input, { signal }) =>
    new Promise((resolve) => {
      signal.addEventListener('abort', () => {
        sawAbort = true;
        resolve('stopped');
      });
    }),
});
const failingTool = defineTool({
  name: 'explodes',
  description: 'throws',
  access: 'Read',
  input: z.object({ path: z.string() }),
  execute: async (_input, { vfs }) => {
    throw new OrkeonError('BOOM', `could not open ${vfs.toVirtualText('x')} at ${process.env.ORKEON_TEST_PHYSICAL}`);
  },
});
const jsonTool = defineTool({
  name: 'Json_Tool',
  description: 'returns an object',
  input: z.object({ n: z.number().int() }),
  execute: async ({ n }) => ({ doubled: n * 2 }),
});

let setup: ToolTestSetup;
beforeEach(async () => {
  sawAbort = false;
  setup = await createToolTestSetup([slowTool, politeTool, failingTool, jsonTool]);
  process.env.ORKEON_TEST_PHYSICAL = `${setup.workspace}/secret.txt`;
});
afterEach(async () => {
  delete process.env.ORKEON_TEST_PHYSICAL;
  await setup.folder.remove();
});

describe('tool contract and registry', () => {
  it('looks tools up without regard to case and exports the input as JSON Schema', () => {
    expect(setup.registry.get('FILE_READ')?.name).toBe('file_read');
    expect(toolInputJsonSchema(setup.registry.require('file_write'))).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Virtual path of the file.' },
        content: { type: 'string', description: 'The text to write.' },
        append: { type: 'boolean', default: false, description: 'Add to the end of the file instead of replacing it.' },
      },
      required: ['path', 'content'],
      additionalProperties: false,
    });
    expect(jsonTool.access).toBe('Unspecified');
  });

  it('refuses a duplicate name, in any case', () => {
    const registry = new ToolRegistry([jsonTool]);
    expect(() => registry.register({ ...jsonTool, name: 'json_tool' })).toThrow(
      "A tool named 'Json_Tool' is already registered; 'json_tool' cannot be registered too.",
    );
  });

  it('strict selection names unknown tools and lists the available ones; lenient returns them apart', () => {
    let caught: unknown;
    try {
      setup.registry.select(['file_read', 'file_reed', 'web_search']);
    } catch (error) {
      caught = error;
    }
    expect(ToolRegistryError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toMatch(
      /^Unknown tool\(s\): file_reed, web_search; available: count_pattern, directory_read, explodes, file_read, file_write, Json_Tool, list_mounts, polite, slow\. Did you mean 'file_read' for 'file_reed'\?$/,
    );
    expect(setup.registry.select(['file_read', 'web_search'], { strict: false }).unknown).toEqual(['web_search']);
  });

  it('refuses tool names models cannot call', () => {
    expect(() => defineTool({ ...jsonTool, name: 'bad name', input: z.object({}), execute: async () => '' })).toThrow(
      /Tool name 'bad name' is not allowed/,
    );
  });
});

describe('invocation pipeline', () => {
  it('accepts arguments as JSON text and turns objects into JSON text', async () => {
    const result = await setup.pipeline().invoke({ tool: 'json_tool', input: '{"n": 21}', caller });
    expect(result).toMatchObject({ outcome: 'Success', output: '{\n  "doubled": 42\n}' });
  });

  it('turns bad arguments into an error the model can act on', async () => {
    const wrongType = await setup.pipeline().invoke({ tool: 'file_read', input: { path: 42 }, caller });
    expect(wrongType.outcome).toBe('Failure');
    expect(wrongType.output).toMatch(
      /^Error: Invalid arguments for tool 'file_read': 'path': Invalid input: expected string, received number\. Expected arguments: \{"type":"object"/,
    );
    const extra = await setup.pipeline().invoke({ tool: 'file_read', input: { path: '/x', mode: 'fast' }, caller });
    expect(extra.output).toContain("unknown argument(s) 'mode'");
    const malformed = await setup.pipeline().invoke({ tool: 'file_read', input: '{"path": ', caller });
    expect(malformed.output).toMatch(
      /^Error: The arguments for tool 'file_read' are not valid JSON \(.+\)\. Send a JSON object\.$/,
    );
  });

  it('answers an unknown tool with the list of tools', async () => {
    const result = await setup.pipeline().invoke({ tool: 'rm_rf', input: {}, caller });
    expect(result).toMatchObject({
      outcome: 'Failure',
      output: expect.stringMatching(/^Error: Unknown tool 'rm_rf'\. Available tools: count_pattern, /),
    });
    expect(setup.audit.at(-1)).toMatchObject({ tool: 'rm_rf', outcome: 'Failure' });
  });

  it('stops waiting at the time limit even when the tool ignores its signal', async () => {
    const started = Date.now();
    const result = await setup.pipeline().invoke({ tool: 'slow', input: {}, caller });
    expect(result).toMatchObject({ outcome: 'Failure', output: "Error: Tool 'slow' timed out after 100 ms." });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('passes the caller abort to the tool and reports the cancellation', async () => {
    const controller = new AbortController();
    const pending = setup.pipeline().invoke({ tool: 'polite', input: {}, caller, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toMatchObject({
      outcome: 'Failure',
      output: "Error: Tool 'polite' was cancelled before it finished.",
    });
    expect(sawAbort).toBe(true);
  });

  it('a caller signal shared by many calls keeps no listener once they end; one aborted already stops at once', async () => {
    const controller = new AbortController();
    for (let call = 0; call < 50; call++)
      await setup.pipeline().invoke({ tool: 'Json_Tool', input: { n: call }, caller, signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    controller.abort();
    const result = await setup.pipeline().invoke({ tool: 'polite', input: {}, caller, signal: controller.signal });
    expect(result.output).toBe("Error: Tool 'polite' was cancelled before it finished.");
    expect(sawAbort).toBe(false);
  });

  it('turns a thrown error into a failure without physical paths', async () => {
    const result = await setup.pipeline().invoke({ tool: 'explodes', input: { path: '/workspace' }, caller });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toBe("Error: Tool 'explodes' failed: could not open x at [REDACTED]/secret.txt");
  });

  it('audits every call with tool, caller, outcome and duration, never the arguments', async () => {
    await setup.pipeline().invoke({
      tool: 'file_write',
      input: { path: '/output/a.txt', content: 'top-secret-content' },
      caller,
      callId: 'call-1',
    });
    await setup.pipeline().invoke({ tool: 'file_write', input: { path: '/workspace/a.txt', content: 'x' }, caller });
    expect(setup.audit).toHaveLength(2);
    expect(setup.audit[0]).toEqual({
      tool: 'file_write',
      callId: 'call-1',
      caller,
      outcome: 'Success',
      durationMilliseconds: expect.any(Number),
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(setup.audit[1]?.outcome).toBe('Denied');
    expect(JSON.stringify(setup.audit)).not.toContain('top-secret-content');
    expect(setup.logs.text()).not.toContain('top-secret-content');
  });

  it('tells onCallStarted before the call runs', async () => {
    const seen: string[] = [];
    const pipeline = new ToolInvocationPipeline({
      registry: setup.registry,
      vfs: setup.vfs,
      logger: setup.logs.logger,
      onCallStarted: ({ tool, callId }) => seen.push(`${tool}:${callId}`),
      audit: [(event) => seen.push(`end:${event.outcome}`)],
    });
    await pipeline.invoke({ tool: 'json_tool', input: { n: 1 }, caller, callId: 'c1' });
    expect(seen).toEqual(['Json_Tool:c1', 'end:Success']);
  });
});
