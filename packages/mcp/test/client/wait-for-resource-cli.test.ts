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

// A crew run (`orkeon run`, a real process) whose agent waits for an MCP server's resource to
// change (`mcp_wait_for_resource_update`, a subscription) and reads the new content.

const subscribingServerPath = fileURLToPath(new URL('./fixtures/subscribing-server.mjs', import.meta.url));
const elicitingServerPath = fileURLToPath(new URL('./fixtures/eliciting-server.mjs', import.meta.url));

let folder: TemporaryDirectory;
let model: ScriptedModelServer;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
  model = await startScriptedModelServer();
  await writeFile(
    join(folder.path, 'crew.yaml'),
    `name: watch
goal: React to the note
agents:
  watcher: { role: Watcher, goal: React to changes, tools: [mcp_wait_for_resource_update] }
tasks:
  react: { description: Wait for today's note to change, expected_output: the new note, agent: watcher }
`,
  );
});
afterEach(async () => {
  await model.close();
  await folder.remove();
});

const environment = () => ({
  SVC_Llm__BaseUrl: model.openAiBaseUrl,
  SVC_Llm__Model: 'scripted',
  SVC_Llm__MaxRetries: '0',
});

function toolAnswer(): string {
  const messages = (model.requests.at(-1)?.body?.messages ?? []) as { role: string; content: string }[];
  return toolResultText(messages.find((message) => message.role === 'tool')?.content ?? '');
}

describe('orkeon run: an agent waits for an MCP resource to change', () => {
  it('the tool subscribes, hears the change and answers the new content', async () => {
    await writeFile(
      join(folder.path, 'appsettings.json'),
      JSON.stringify({ MCP: { Servers: { notes: { Command: process.execPath, Args: [subscribingServerPath] } } } }),
    );
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'mcp_wait_for_resource_update',
            arguments: { server: 'notes', uri: 'notes://today', timeoutSeconds: 20 },
          },
        ],
      },
      { text: 'The note says the octopus moved.' },
    );
    const result = await orkeonRun(['crew.yaml'], folder.path, environment());
    expect(result.stderr).not.toContain('ERROR');
    expect(result.code).toBe(0);
    expect(toolAnswer()).toBe('Resource notes://today changed. Its content now:\nthe octopus moved');
  }, 60_000);

  it('is not offered when no server lets a resource be followed: the crew names an unknown tool', async () => {
    await writeFile(
      join(folder.path, 'appsettings.json'),
      JSON.stringify({ MCP: { Servers: { forms: { Command: process.execPath, Args: [elicitingServerPath] } } } }),
    );
    const result = await orkeonRun(['crew.yaml'], folder.path, environment());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('mcp_wait_for_resource_update');
    expect(model.requests).toHaveLength(0);
  }, 60_000);
});
