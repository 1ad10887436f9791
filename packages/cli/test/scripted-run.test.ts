import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finished } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

const crew = `name: echo
agents:
  w: { role: Writer, goal: Write }
tasks:
  t: { description: Say it., expected_output: words, agent: w }
`;

const scripted = useScriptedRun({ crew, files: { 'notes/deep/facts.txt': 'three hearts' } });

// Read when the file loads, before any test: the helper must refuse rather than hand out a stale value.
const tooEarly = (() => {
  try {
    return scripted.server.url;
  } catch (error) {
    return error;
  }
})();

/** What the first test saw, for the second to check that it was cleaned up. */
const first: { folder?: string; url?: string } = {};

describe('useScriptedRun', () => {
  it('refuses its fields outside a test, naming the field and where to read it', () => {
    expect(tooEarly).toBeInstanceOf(Error);
    expect((tooEarly as Error).message).toBe(
      "useScriptedRun: 'server' exists only while a test runs; read it inside it(...) or a hook, not when the file loads.",
    );
  });

  it('writes the crew and the files, and runs orkeon in the folder against the scripted server', async () => {
    expect(await readFile(join(scripted.folder.path, 'crew.yaml'), 'utf8')).toBe(crew);
    expect(await readFile(join(scripted.folder.path, 'notes/deep/facts.txt'), 'utf8')).toBe('three hearts');
    expect(scripted.environment).toEqual({
      SVC_Llm__BaseUrl: scripted.server.openAiBaseUrl,
      SVC_Llm__Model: 'scripted',
      SVC_Llm__MaxRetries: '0',
    });

    // A relative crew path resolves only if the folder is the working directory.
    scripted.server.enqueue({ text: 'in process' });
    const inProcess = await scripted.run(['run', 'crew.yaml']);
    expect(inProcess.code).toBe(0);
    expect(inProcess.stdout).toContain('=== Crew Output ===\nin process');
    expect(scripted.server.requests[0]?.body?.model).toBe('scripted');

    // Per-run additions win over the shared environment, which stays as it was.
    scripted.server.enqueue({ text: 'by another name' });
    const renamed = await scripted.run(['run', 'crew.yaml'], { environment: { SVC_Llm__Model: 'other' } });
    expect(renamed.code).toBe(0);
    expect(scripted.server.requests[1]?.body?.model).toBe('other');
    expect(scripted.environment.SVC_Llm__Model).toBe('scripted');

    scripted.server.enqueue({ text: 'from a real process' });
    const started = await finished(scripted.start(['run', 'crew.yaml']));
    expect(started.code).toBe(0);
    expect(started.stdout).toContain('=== Crew Output ===\nfrom a real process');

    scripted.environment.SVC_Extra = 'only in this test';
    first.folder = scripted.folder.path;
    first.url = scripted.server.url;
  });

  it('gives each test a fresh server, folder and environment, having closed and removed the last ones', async () => {
    expect(first.folder).toBeDefined();
    expect(scripted.folder.path).not.toBe(first.folder);
    await expect(access(first.folder ?? '')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(scripted.server.url).not.toBe(first.url);
    await expect(fetch(`${first.url}/v1/models`)).rejects.toThrow();
    expect(scripted.environment.SVC_Extra).toBeUndefined();
  });

  it('refuses to write outside the folder', async () => {
    await expect(scripted.write('../escape.txt', 'x')).rejects.toThrow(
      "useScriptedRun: '../escape.txt' is outside the test folder; give a path inside it, like 'crew.yaml'.",
    );
    await expect(scripted.write('/tmp/escape.txt', 'x')).rejects.toThrow('is outside the test folder');
  });
});
