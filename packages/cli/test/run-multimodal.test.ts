import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useScriptedRun } from './scripted-run.js';

// Svc:MultiModal in `orkeon run`: a task's attachments reach the model as images when the section is
// present, and refuse the run, naming the section, when it is not.

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
