import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messageText } from './processes-test-setup.js';
import { runOrkeon } from './run-cli-helpers.js';

let server: ScriptedModelServer;
let folder: TemporaryDirectory;
beforeEach(async () => {
  server = await startScriptedModelServer();
  folder = await createTemporaryDirectory();
  await writeFile(
    join(folder.path, 'crew.yaml'),
    `name: studio
process: autonomous
manager_agent: lead
agents:
  lead: { role: Lead, goal: Assign the work }
  coder: { role: Coder, goal: Write code, allow_delegation: true }
  tester: { role: Tester, goal: Test code }
tasks:
  build: { description: Build the feature., expected_output: Code }
`,
  );
});
afterEach(async () => {
  await server.close();
  await folder.remove();
});

describe('orkeon run: autonomous crew', () => {
  it('the manager assigns; the failing agent delegates to the first other agent, who finishes the task', async () => {
    server.enqueue({ text: '{"agent":"coder"}' }, { error: { status: 500 } }, { text: 'CODE BY TESTER' });
    const result = await runOrkeon(['run', 'crew.yaml', '--events', 'jsonl'], {
      environment: { SVC_Llm__BaseUrl: server.openAiBaseUrl, SVC_Llm__Model: 'scripted', SVC_Llm__MaxRetries: '0' },
      workingDirectory: folder.path,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(messageText(server.requests[0], 'system')).toContain('You are Lead.');
    expect(messageText(server.requests[2], 'system')).toContain('You are Tester.');
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; taskId?: string; agentId?: string; success?: boolean });
    expect(events.filter((event) => event.kind === 'task.started').map((event) => event.agentId)).toEqual([
      'coder',
      'tester',
    ]);
    expect(events.find((event) => event.kind === 'task.completed')).toMatchObject({
      taskId: 'build',
      agentId: 'tester',
    });
  });
});
