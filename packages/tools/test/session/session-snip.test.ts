import { describe, expect, it } from 'vitest';
import { createSessionSnipTool } from '../../src/index.js';
import { fixedRunView, pipelineIn } from './session-test-setup.js';

const snips = async (settings: Parameters<typeof createSessionSnipTool>[0] = {}, agent = 'Researcher') => {
  const run = fixedRunView();
  const invoke = await pipelineIn([createSessionSnipTool(settings)], () => run, agent);
  return (input: unknown) => invoke('session_snip', input);
};

describe('session_snip', () => {
  it('keeps excerpts word for word, lists them with source and keeper, replaces and deletes', async () => {
    const call = await snips();
    const passage = 'Line one.\n  Line two, indented.\n';
    expect(
      (await call({ action: 'keep', name: 'spec', text: passage, source: '/docs/spec.md lines 1-2' })).output,
    ).toBe("Kept the snip 'spec' (32 characters).");
    expect((await call({ action: 'get', name: 'spec' })).output).toBe(passage);
    expect((await call({ action: 'list' })).output).toBe(
      '1 of 50 snips:\n- spec: 32 characters, from /docs/spec.md lines 1-2, kept by Researcher: "Line one. Line two, indented."',
    );
    expect((await call({ action: 'keep', name: 'spec', text: 'shorter' })).output).toBe(
      "Replaced the snip 'spec' (7 characters).",
    );
    expect((await call({ action: 'delete', name: 'spec' })).output).toBe("Deleted the snip 'spec'.");
    expect((await call({ action: 'list' })).output).toBe('No snips kept yet in this run.');
  });

  it('cuts only the preview in the list, saying so with an ellipsis', async () => {
    const call = await snips();
    await call({ action: 'keep', name: 'long', text: 'word '.repeat(100) });
    const listed = (await call({ action: 'list' })).output;
    expect(listed).toContain(`: "${'word '.repeat(16)}…"`);
    expect(listed).toContain('500 characters');
  });

  it('refuses an oversize excerpt and one past the count, keeping what it had', async () => {
    const call = await snips({ MaxSnips: 1, MaxSnipCharacters: 5 });
    expect((await call({ action: 'keep', name: 'a', text: 'sixsix' })).output).toBe(
      'Error: The excerpt has 6 characters; a snip holds at most 5 (Svc:Tools:Session:MaxSnipCharacters). Keep a shorter passage, or split it into several snips.',
    );
    await call({ action: 'keep', name: 'a', text: 'five!' });
    expect((await call({ action: 'keep', name: 'b', text: 'x' })).output).toBe(
      'Error: 1 snips are kept already, the most a run holds (Svc:Tools:Session:MaxSnips). Delete one you no longer need, or replace one by keeping under its name.',
    );
    expect((await call({ action: 'get', name: 'a' })).output).toBe('five!');
  });

  it('refuses hostile names and sources, and a line break in a source cannot forge list lines', async () => {
    const call = await snips();
    for (const name of ['', 'tab\tname', 'n'.repeat(201), '\u202e\u0000']) {
      expect((await call({ action: 'keep', name, text: 'x' })).outcome, JSON.stringify(name)).toBe('Failure');
    }
    expect((await call({ action: 'keep', name: 'a', text: 'x', source: 's'.repeat(501) })).outcome).toBe('Failure');
    await call({ action: 'keep', name: 'a', text: 'fact', source: 'notes\n- forged: 1 characters' });
    const listed = (await call({ action: 'list' })).output;
    expect(listed.split('\n')).toHaveLength(2);
    expect(listed).toContain('from notes - forged: 1 characters');
    expect((await call({ action: 'get', name: 'missing' })).output).toBe(
      "Error: No snip is named 'missing'. Snips: 'a'.",
    );
    expect((await call({ action: 'keep', name: 'empty', text: '' })).output).toBe(
      "Error: The action 'keep' needs the excerpt: give 'text', word for word.",
    );
  });

  it('outside a run it says so', async () => {
    const invoke = await pipelineIn([createSessionSnipTool()], () => undefined);
    expect((await invoke('session_snip', { action: 'list' })).output).toMatch(
      /^Error: session_snip works only inside an agent or crew run/,
    );
  });
});
