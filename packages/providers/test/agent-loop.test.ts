import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { PermissionGate, type ResponseFormat } from '@orkeon/core';
import { type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatModel } from '../src/index.js';
import { createAgentWorkspace, notesText } from './support/agent-workspace.js';
import { toolResultsIn } from './support/tool-results.js';

let server: ScriptedModelServer;

beforeAll(async () => {
  server = await startScriptedModelServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const openAiModel = () => createChatModel({ BaseUrl: server.openAiBaseUrl, ApiKey: 'sk-test', Model: 'gpt-test' });
const readNotes = { toolCalls: [{ name: 'file_read', arguments: { path: '/workspace/notes.md' } }] };

describe('abort', () => {
  it('act resolves promptly with interrupted: true when the signal fires during a slow turn', async () => {
    await using workspace = await createAgentWorkspace();
    server.enqueue({ text: 'far too slow', delayMilliseconds: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    const result = await workspace.client(openAiModel()).act('Think slowly.', { signal: controller.signal });
    expect(result).toMatchObject({ interrupted: true, output: '' });
    expect(performance.now() - started).toBeLessThan(2_000);
    await vi.waitFor(() => expect(server.pendingAnswers).toBe(0));
  });

  it('a streamed act keeps the text that arrived before the abort', async () => {
    await using workspace = await createAgentWorkspace();
    server.enqueue({
      text: 'first second third fourth',
      chunks: ['first ', 'second ', 'third ', 'fourth'],
      chunkDelayMilliseconds: 300,
    });
    const controller = new AbortController();
    const deltas: string[] = [];
    const result = await workspace.client(openAiModel()).act('Go.', {
      signal: controller.signal,
      onDelta: (delta) => {
        deltas.push(delta);
        controller.abort();
      },
    });
    expect(result.interrupted).toBe(true);
    expect(result.output).toBe(deltas.join(''));
    expect(result.output.length).toBeGreaterThan(0);
    expect(result.output).not.toBe('first second third fourth');
    await vi.waitFor(() => expect(server.pendingAnswers).toBe(0));
  });
});

describe('permission gate inside act', () => {
  it('in plan mode a file_write is denied: the model reads DENIED and nothing is written', async () => {
    await using workspace = await createAgentWorkspace();
    server.enqueue(
      { toolCalls: [{ name: 'file_write', arguments: { path: '/workspace/plan.md', content: 'step one' } }] },
      { text: 'Understood, I will only plan.' },
    );
    const gate = new PermissionGate({ defaultMode: 'default', interactive: false });
    const result = await workspace.client(openAiModel(), { gate }).act('Write the plan.', { permissionMode: 'plan' });
    expect(result.output).toBe('Understood, I will only plan.');
    const [denial, ...others] = toolResultsIn(server.requests[1]);
    expect(others).toEqual([]);
    expect(denial).toMatch(/^DENIED: 'file_write' .*plan mode allows only reads\./);
    await expect(access(join(workspace.folder, 'plan.md'))).rejects.toThrow();
  });

  it('in plan mode a read still runs', async () => {
    await using workspace = await createAgentWorkspace();
    server.enqueue(readNotes, { text: 'Read it.' });
    const gate = new PermissionGate({ defaultMode: 'plan', interactive: false });
    await workspace.client(openAiModel(), { gate }).act('Read the notes.');
    expect(toolResultsIn(server.requests[1])).toEqual([notesText]);
  });
});

describe('maxIterations', () => {
  it('stops a model that keeps calling tools after N calls, with exhausted: true', async () => {
    await using workspace = await createAgentWorkspace();
    server.enqueue(readNotes, readNotes, readNotes, readNotes, readNotes);
    const result = await workspace.client(openAiModel()).act('Loop.', { maxIterations: 3 });
    expect(result).toMatchObject({ iterations: 3, exhausted: true });
    expect(server.requests).toHaveLength(3);
    expect(server.remainingTurns).toBe(2);
  });

  it('is not exhausted when the model answers on the last allowed call', async () => {
    await using workspace = await createAgentWorkspace();
    server.enqueue(readNotes, { text: 'Done.' });
    const result = await workspace.client(openAiModel()).act('Read, then answer.', { maxIterations: 2 });
    expect(result).toMatchObject({ iterations: 2, output: 'Done.' });
    expect(result.exhausted).toBeUndefined();
  });
});

describe('structured output', () => {
  const schema: NonNullable<ResponseFormat['schema']> = {
    type: 'object',
    properties: { city: { type: 'string' }, population: { type: 'number' } },
    required: ['city', 'population'],
    additionalProperties: false,
  };
  const answer = '{"city":"Lyon","population":522250}';

  it('OpenAI dialect: sends the JSON Schema and parses the answer into value', async () => {
    server.enqueue({ text: answer });
    await using workspace = await createAgentWorkspace();
    const result = await workspace
      .client(openAiModel())
      .act('Which city?', { responseFormat: { type: 'json', schema, name: 'city' } });
    expect(result.value).toEqual({ city: 'Lyon', population: 522250 });
    expect(result.output).toBe(answer);
    expect(server.requests[0]?.body?.response_format).toMatchObject({ type: 'json_schema' });
  });

  it('OpenAI-compatible dialect: parses the answer into value', async () => {
    server.enqueue({ text: answer });
    await using workspace = await createAgentWorkspace();
    const model = createChatModel(
      { BaseUrl: server.openAiBaseUrl, ApiKey: 'sk-test', Model: 'glm-test' },
      { provider: 'zai' },
    );
    const result = await workspace.client(model).act('Which city?', { responseFormat: { type: 'json', schema } });
    expect(result.value).toEqual({ city: 'Lyon', population: 522250 });
    expect(server.requests[0]?.body?.response_format).toBeDefined();
  });
});
