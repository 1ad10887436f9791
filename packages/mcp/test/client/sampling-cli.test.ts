import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
  toolResultText,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orkeonRun } from './orkeon-run.js';

// A crew run (`orkeon run`, a real process) whose agent calls a legacy MCP server's tool; the
// server asks for sampling during the call, which the calling agent's own model answers.

const samplingServerPath = fileURLToPath(new URL('./fixtures/sampling-server.mjs', import.meta.url));

let folder: TemporaryDirectory;
let model: ScriptedModelServer;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
  model = await startScriptedModelServer();
  await writeFile(
    join(folder.path, 'crew.yaml'),
    `name: summaries
goal: Summarize
agents:
  writer: { role: Writer, goal: Summarize texts, tools: [mcp:notes] }
tasks:
  sum: { description: Summarize the octopus note, expected_output: a summary, agent: writer }
`,
  );
});
afterEach(async () => {
  await model.close();
  await folder.remove();
});

async function settings(sampling: Record<string, unknown>, gate?: Record<string, unknown>): Promise<void> {
  await writeFile(
    join(folder.path, 'appsettings.json'),
    JSON.stringify({
      MCP: { Servers: { notes: { Command: process.execPath, Args: [samplingServerPath], Sampling: sampling } } },
      ...(gate === undefined ? {} : { Svc: { Security: { PermissionGate: gate } } }),
    }),
  );
}

const environment = () => ({
  SVC_Llm__BaseUrl: model.openAiBaseUrl,
  SVC_Llm__Model: 'scripted',
  SVC_Llm__MaxRetries: '0',
});

/** What the server's tool answered, as the agent's model read it in its last request. */
function toolAnswer(): { declared: unknown; answer?: { content: { text: string }; model: string }; error?: string } {
  const messages = (model.requests.at(-1)?.body?.messages ?? []) as { role: string; content: string }[];
  const tool = messages.find((message) => message.role === 'tool');
  return JSON.parse(toolResultText(tool?.content ?? 'null'));
}

describe('orkeon run: an MCP server’s sampling request is answered by the calling agent’s model', () => {
  it('Sampling:Enabled: the capability is declared, the agent’s model answers within MaxTokens', async () => {
    await settings({ Enabled: true, MaxTokens: 20 });
    model.enqueue(
      { toolCalls: [{ name: 'summarize', arguments: { text: 'Octopuses have three hearts.' } }] },
      { text: 'Three-hearted octopuses.' },
      { text: 'Done: Three-hearted octopuses.' },
    );
    const result = await orkeonRun(['crew.yaml'], folder.path, environment());
    expect(result.stderr).not.toContain('ERROR');
    expect(result.code).toBe(0);
    expect(model.requests).toHaveLength(3);
    // The sampling request reached the same model, with the server's system prompt and the cap.
    const sampled = model.requests[1]?.body as {
      messages: { role: string; content: string }[];
      max_tokens?: number;
      max_completion_tokens?: number;
    };
    expect(JSON.stringify(sampled.messages)).toContain('You write one-line summaries.');
    expect(JSON.stringify(sampled.messages)).toContain('Summarize: Octopuses have three hearts.');
    expect(sampled.max_tokens ?? sampled.max_completion_tokens).toBe(20);
    expect(toolAnswer()).toMatchObject({
      declared: {},
      answer: { role: 'assistant', content: { type: 'text', text: 'Three-hearted octopuses.' } },
    });
  }, 60_000);

  it('without Sampling:Enabled nothing is declared and the request fails at the server; the model is not asked', async () => {
    await settings({});
    model.enqueue(
      { toolCalls: [{ name: 'summarize', arguments: { text: 'Octopuses have three hearts.' } }] },
      { text: 'Could not summarize.' },
    );
    const result = await orkeonRun(['crew.yaml'], folder.path, environment());
    expect(result.code).toBe(0);
    expect(model.requests).toHaveLength(2);
    expect(toolAnswer()).toMatchObject({ declared: null, error: expect.stringMatching(/Method not found/) });
  }, 60_000);

  it('the permission gate judges it as an Execute action: plan mode refuses, the server hears why', async () => {
    await settings({ Enabled: true }, { Enabled: true, Mode: 'plan' });
    model.enqueue(
      { toolCalls: [{ name: 'summarize', arguments: { text: 'Octopuses have three hearts.' } }] },
      { text: 'Could not summarize.' },
    );
    const result = await orkeonRun(['crew.yaml'], folder.path, environment());
    expect(result.code).toBe(0);
    expect(model.requests).toHaveLength(2);
    expect(toolAnswer().error).toMatch(/refused: .*sampling\(notes\).*plan mode/);
  }, 60_000);
});
