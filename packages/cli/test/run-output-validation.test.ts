import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventsOf } from './event-lines.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({
  crew: `name: reporter
agents:
  writer: { role: Writer, goal: Writes release notes }
tasks:
  notes:
    description: Write the release notes.
    expected_output: Markdown with Added and Fixed sections
    agent: writer
    output_validation:
      required_sections: [Added, Fixed]
      max_length: 400
      forbidden_patterns: ['lorem ipsum']
  summary:
    description: Count the changes.
    expected_output: JSON with the counts
    agent: writer
    dependencies: [notes]
    deliverable: { path: /output/counts.json, format: json }
    output_validation:
      json_schema: { type: object, required: [added, fixed], properties: { added: { type: integer }, fixed: { type: integer } } }
`,
});

const sent = (index: number) => JSON.stringify(scripted.server.requests[index]?.body ?? '');

describe('orkeon run: output validation', () => {
  it('sends a broken answer back once with its reasons, and takes the repaired one', async () => {
    scripted.server.enqueue(
      { text: '## Added\n- search\n\nLorem ipsum.' },
      { text: '## Added\n- search\n\n## Fixed\n- a crash on start' },
      { text: '```json\n{"added": 1, "fixed": 1}\n```' },
    );
    const output = join(scripted.folder.path, 'out');
    await mkdir(output);
    const result = await scripted.run(['run', 'crew.yaml', '--events', 'jsonl', '--mount', `${output}:/output:rw`]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(output, 'counts.json'), 'utf8'))).toEqual({ added: 1, fixed: 1 });
    expect(scripted.server.requests).toHaveLength(3);
    const repair = sent(1);
    expect(repair).toContain("the section 'Fixed' is missing");
    expect(repair).toContain('forbidden pattern /lorem ipsum/');
    expect(repair).toContain('Lorem ipsum.');
    const completed = eventsOf(result.stdout).filter((event) => event.kind === 'task.completed');
    expect(completed.map((event) => event.success)).toEqual([true, true]);
  });

  it('fails the task after the repair with every rule the answer still breaks', async () => {
    scripted.server.enqueue(
      { text: '## Added\n- search\n\n## Fixed\n- a crash' },
      { text: '{"added": "one"}' },
      { text: 'added: 1, fixed: 1' },
    );
    const result = await scripted.run(['run', 'crew.yaml', '--events', 'jsonl']);
    expect(result.code).not.toBe(0);
    expect(scripted.server.requests).toHaveLength(3);
    expect(sent(2)).toContain('schema: at added');
    const failed = eventsOf(result.stdout).find(
      (event) => event.kind === 'task.completed' && event.taskId === 'summary',
    ) as unknown as { success: boolean; error: { code: string; message: string } };
    expect(failed.success).toBe(false);
    expect(failed.error.code).toBe('TASK_OUTPUT_INVALID');
    expect(failed.error.message).toContain('after 1 repair');
    expect(failed.error.message).toContain('format: the answer must be JSON');
  });

  it('Svc:Security:OutputValidation:MaxRepairAttempts = 0 fails the task at the first broken answer', async () => {
    scripted.server.enqueue({ text: '## Added\n- search' });
    const result = await scripted.run(['run', 'crew.yaml', '--events', 'jsonl'], {
      environment: { SVC_Svc__Security__OutputValidation__MaxRepairAttempts: '0' },
    });
    expect(result.code).not.toBe(0);
    expect(scripted.server.requests).toHaveLength(1);
    const failed = eventsOf(result.stdout).find((event) => event.kind === 'task.completed') as unknown as {
      error: { code: string; message: string };
    };
    expect(failed.error.code).toBe('TASK_OUTPUT_INVALID');
    expect(failed.error.message).not.toContain('after');
    expect(failed.error.message).toContain("the section 'Fixed' is missing");
  });

  it('refuses a crew whose forbidden pattern is not a regular expression, naming the key', async () => {
    await scripted.write(
      'bad.yaml',
      `name: bad
agents:
  writer: { role: Writer, goal: Writes }
tasks:
  notes:
    description: Write.
    expected_output: Text
    agent: writer
    outputValidation: { forbiddenPatterns: ['(unclosed'] }
`,
    );
    const result = await scripted.run(['run', 'bad.yaml']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('forbiddenPatterns');
    expect(result.stderr).toContain('is not a valid regular expression');
    expect(scripted.server.requests).toHaveLength(0);
  });

  it('with Svc:Dlp, refuses personal data of the kinds a task forbids and takes the repaired answer', async () => {
    await scripted.write('reply.yaml', replyCrew);
    scripted.server.enqueue(
      { text: 'Refunded to 4111 1111 1111 1111; questions to jane@example.com.' },
      { text: 'Refunded to the card you paid with.' },
    );
    const result = await scripted.run(['run', 'reply.yaml', '--events', 'jsonl'], {
      environment: { SVC_Svc__Dlp__Enabled: 'true' },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(sent(1)).toContain('personal data: the answer holds 1 credit card number, 1 e-mail address');
    const completed = eventsOf(result.stdout).find((event) => event.kind === 'task.completed');
    expect(completed?.success).toBe(true);
  });

  it('without Svc:Dlp, a crew that forbids personal data does not start, and the message names the section', async () => {
    await scripted.write('reply.yaml', replyCrew);
    const result = await scripted.run(['run', 'reply.yaml']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('forbiddenPii');
    expect(result.stderr).toContain('"Svc": { "Dlp": {} }');
    expect(scripted.server.requests).toHaveLength(0);
  });
});

const replyCrew = `name: support
agents:
  agent: { role: Support agent, goal: Answers customers }
tasks:
  reply:
    description: Answer the customer about their refund.
    expected_output: A short reply
    agent: agent
    output_validation:
      forbidden_pii: [Email, CreditCard]
`;
