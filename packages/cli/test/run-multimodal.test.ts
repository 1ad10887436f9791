import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { servingUrl } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

// Svc:MultiModal in `orkeon run`: a task's attachments reach the model as images when the section is
// present, and refuse the run, naming the section, when it is not. In `orkeon serve`: the images of an
// A2A v1.0 message reach the model.

const pngBase64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const scripted = useScriptedRun({
  crew: `name: charts
agents:
  analyst: { role: Analyst, goal: Reads charts }
tasks:
  read:
    description: What does the chart show?
    expected_output: One sentence
    agent: analyst
    attachments: ['/crew/{CHART}']
`,
});

describe('orkeon run with task attachments', () => {
  it('sends the image with Svc:MultiModal, typed by its bytes', async () => {
    await writeFile(join(scripted.folder.path, 'chart.jpg'), Buffer.from(pngBase64, 'base64'));
    scripted.server.enqueue({ text: 'A rising line.' });
    const result = await scripted.run(['run', 'crew.yaml', '-V', 'CHART=chart.jpg'], {
      environment: { SVC_Svc__MultiModal__Enabled: 'true' },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('A rising line.');
    expect(scripted.server.requests[0]?.rawBody).toContain(`"url":"data:image/png;base64,${pngBase64}"`);
  });

  it('refuses the run without the section, naming it', async () => {
    await writeFile(join(scripted.folder.path, 'chart.jpg'), Buffer.from(pngBase64, 'base64'));
    const result = await scripted.run(['run', 'crew.yaml', '-V', 'CHART=chart.jpg']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("Task 'read' has attachments");
    expect(result.stderr).toContain('add a Svc:MultiModal section');
    expect(scripted.server.requests).toHaveLength(0);
  });
});

const running: ChildProcess[] = [];
// Registered after the helper's, so it runs first: the servers stop before the model server closes.
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

describe('orkeon serve with Svc:MultiModal', () => {
  const send = async (url: string) =>
    (await (
      await fetch(`${url}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'SendMessage',
          params: {
            message: {
              messageId: 'm-1',
              role: 'ROLE_USER',
              parts: [
                { text: 'What does the chart show?' },
                { raw: pngBase64, mediaType: 'image/png', filename: 'chart.png' },
                {
                  raw: Buffer.from('%PDF-1.7').toString('base64'),
                  mediaType: 'application/pdf',
                  filename: 'notes.pdf',
                },
              ],
            },
            metadata: { skillId: 'analyst' },
          },
        }),
      })
    ).json()) as { result?: { task?: { status: { state: string } } } };

  it('sends the images of an A2A v1.0 message to the model; other files stay a line of the input', async () => {
    const child = scripted.start(
      ['serve', '.', '-V', 'CHART=none', '--set', 'A2A:Host=127.0.0.1', '--set', 'A2A:Port=0'],
      {
        environment: { SVC_Svc__MultiModal__Enabled: 'true' },
      },
    );
    running.push(child);
    const url = await servingUrl(child);
    scripted.server.enqueue({ text: 'A rising line.' });
    expect((await send(url)).result?.task?.status.state).toBe('TASK_STATE_COMPLETED');
    const body = scripted.server.requests[0]?.rawBody ?? '';
    expect(body).toContain(`"url":"data:image/png;base64,${pngBase64}"`);
    expect(body).toContain('[notes.pdf (application/pdf), 8 bytes]');
    expect(body).not.toContain(Buffer.from('%PDF-1.7').toString('base64'));
  }, 60_000);

  it('without the section, the model reads the line naming the image, as before', async () => {
    const child = scripted.start([
      'serve',
      '.',
      '-V',
      'CHART=none',
      '--set',
      'A2A:Host=127.0.0.1',
      '--set',
      'A2A:Port=0',
    ]);
    running.push(child);
    const url = await servingUrl(child);
    scripted.server.enqueue({ text: 'I cannot see it.' });
    expect((await send(url)).result?.task?.status.state).toBe('TASK_STATE_COMPLETED');
    const body = scripted.server.requests[0]?.rawBody ?? '';
    expect(body).toContain('[chart.png (image/png), 70 bytes]');
    expect(body).not.toContain(pngBase64);
  }, 60_000);
});
