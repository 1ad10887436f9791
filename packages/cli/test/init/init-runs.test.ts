import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory, toolResultText } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useScriptedRun } from '../scripted-run.js';
import { orkeon, projectFiles, readSettings, snapshot } from './init-project.js';

// `orkeon init` then `orkeon run` of what it wrote, both real processes: at once on the echo model, and,
// unchanged, on a provider (the scripted model server standing in for it) that calls the TypeScript tool.

describe('orkeon init, then orkeon run on the echo model', () => {
  let folder: TemporaryDirectory;
  beforeEach(async () => {
    folder = await createTemporaryDirectory();
  });
  afterEach(async () => {
    await folder.remove();
  });

  it('writes the project into a new folder, which runs at once and prints an answer', async () => {
    const init = await orkeon(['init', 'work/notes'], folder.path);
    expect(init.code, init.stderr).toBe(0);
    const project = join(folder.path, 'work/notes');
    expect(Object.keys(await snapshot(project)).sort()).toEqual([...projectFiles].sort());
    expect(init.stdout).toContain('Created a project in work/notes (model: the offline echo model, no key):');
    for (const file of projectFiles) expect(init.stdout).toMatch(new RegExp(`^ {2}${file.replace('.', '\\.')} `, 'm'));
    expect(init.stdout).toContain('Run it:\n  cd work/notes\n  orkeon run . -V topic=octopuses\n');
    // No Llm section: the offline echo model.
    expect(await readSettings(project)).toEqual({ Plugins: { Directory: '/crew/tools', SearchPattern: '*.mts' } });
    expect(await readFile(join(project, 'crew.yaml'), 'utf8')).toContain('name: "notes"');

    // The command its summary and README give, from the project's folder, with nothing else set.
    const run = await orkeon(['run', '.', '-V', 'topic=octopuses'], project);
    expect(run.code, run.stderr).toBe(0);
    const output = run.stdout.slice(run.stdout.indexOf('=== Crew Output ===\n'));
    expect(output).toContain('[echo: no language model is configured; add an Llm section to use one]');
    expect(output).toContain('Turn the facts into a note of at most 120 words about octopuses.');
    expect(output).toContain('List three useful facts about octopuses.');
  }, 60_000);

  it('loads its TypeScript tool: the crew resolves it, and --list-tools shows it', async () => {
    expect((await orkeon(['init'], folder.path)).code).toBe(0);
    const validate = await orkeon(['run', '.', '-V', 'topic=bees', '--validate'], folder.path);
    expect(validate.code, validate.stderr).toBe(0);
    expect(validate.stdout).toMatch(
      /^VALIDATION OK: [a-z0-9-]+ \(process=sequential, agents=2, tasks=2, tools resolved=1\)$/m,
    );
    const tools = await orkeon(['run', '.', '--list-tools'], folder.path);
    expect(tools.code, tools.stderr).toBe(0);
    expect(tools.stdout).toMatch(/^text_stats +- +Read +enabled/m);
  }, 60_000);

  it('names the folder the run starts from: orkeon run <folder> from elsewhere reads the settings beside the crew', async () => {
    expect((await orkeon(['init', 'my project'], folder.path)).code).toBe(0);
    const run = await orkeon(['run', 'my project', '-V', 'topic=tides', '--validate'], folder.path);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('VALIDATION OK: my-project (process=sequential, agents=2, tasks=2, tools resolved=1)');
  }, 60_000);
});

describe('orkeon init --provider, then orkeon run on that provider', () => {
  const scripted = useScriptedRun();

  it('names the provider and model in appsettings.json; unchanged, the project runs there and the crew calls its tool', async () => {
    const init = await orkeon(['init', 'desk', '--provider', 'openai', '--model', 'some-model'], scripted.folder.path);
    expect(init.code, init.stderr).toBe(0);
    const project = join(scripted.folder.path, 'desk');
    expect(await readSettings(project)).toEqual({
      Plugins: { Directory: '/crew/tools', SearchPattern: '*.mts' },
      Llm: { BaseUrl: 'https://api.openai.com/v1', Model: 'some-model' },
    });
    expect(init.stdout).toContain('(model: some-model of OpenAI, key from SVC_Llm__ApiKey)');
    expect(init.stdout).toContain('  export SVC_Llm__ApiKey=<your key>\n  orkeon run . -V topic=octopuses\n');
    const readme = await readFile(join(project, 'README.md'), 'utf8');
    expect(readme).toContain('export SVC_Llm__ApiKey=<your OpenAI key>\norkeon run . -V topic=octopuses');
    expect(readme).toContain('The project runs on **some-model** of OpenAI (provider `openai`)');

    const note = '# Octopuses\nThey have three hearts. Smart animals!';
    scripted.server.enqueue(
      { text: '- Three hearts\n- Blue blood\n- Nine brains' },
      { toolCalls: [{ name: 'text_stats', arguments: { text: note } }] },
      { text: note },
    );
    // Only the endpoint and the key come from outside, as a user's environment gives them (the key is
    // the one the server requires, so a call without it would fail).
    const key = 'sk-init-test';
    const environment = {
      SVC_Llm__BaseUrl: scripted.server.openAiBaseUrl,
      SVC_Llm__ApiKey: key,
      SVC_Llm__MaxRetries: '0',
    };
    const before = await readFile(join(project, 'appsettings.json'), 'utf8');
    const run = await orkeon(['run', '.', '-V', 'topic=octopuses'], project, environment);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`=== Crew Output ===\n${note}`);
    expect(await readFile(join(project, 'appsettings.json'), 'utf8')).toBe(before);

    const requests = scripted.server.requests;
    expect(requests.map((request) => request.body?.model)).toEqual(['some-model', 'some-model', 'some-model']);
    expect(requests.every((request) => request.headers.authorization === `Bearer ${key}`)).toBe(true);
    expect(JSON.stringify(requests[0]?.body)).toContain('List three useful facts about octopuses.');
    // The writer is offered the tool, calls it, and the model reads what the TypeScript tool answered.
    const [, writer, answer] = requests;
    const offered = (writer?.body?.tools ?? []) as { function: { name: string } }[];
    expect(offered.map((tool) => tool.function.name)).toContain('text_stats');
    const messages = (answer?.body?.messages ?? []) as { role: string; content: unknown }[];
    const toolMessages = messages.filter((message) => message.role === 'tool');
    expect(toolMessages).toHaveLength(1);
    expect(JSON.parse(toolResultText(String(toolMessages[0]?.content)))).toEqual({
      words: 7,
      sentences: 2,
      characters: note.length,
    });
  }, 60_000);

  it('a provider with no key writes no key step, and an alias names its provider', async () => {
    const init = await orkeon(['init', 'local', '--provider', 'OLLAMA'], scripted.folder.path);
    expect(init.code, init.stderr).toBe(0);
    const project = join(scripted.folder.path, 'local');
    expect((await readSettings(project)).Llm).toEqual({ BaseUrl: 'http://localhost:11434/v1', Model: 'llama3.2' });
    expect(init.stdout).toContain('(model: llama3.2 of Ollama (local), no key)');
    expect(init.stdout).not.toContain('SVC_Llm__ApiKey');
    expect(await readFile(join(project, 'README.md'), 'utf8')).toContain('ollama pull llama3.2');

    const azure = await orkeon(
      [
        'init',
        'cloud',
        '--provider',
        'azure',
        '--base-url',
        'https://contoso.openai.azure.com',
        '--model',
        'notes-deployment',
      ],
      scripted.folder.path,
    );
    expect(azure.code, azure.stderr).toBe(0);
    expect((await readSettings(join(scripted.folder.path, 'cloud'))).Llm).toEqual({
      BaseUrl: 'https://contoso.openai.azure.com',
      Model: 'notes-deployment',
    });
    // Orkeon infers the provider the settings name: doctor reads azure-openai from them, with no key set.
    const doctor = await orkeon(['doctor', '--json'], join(scripted.folder.path, 'cloud'));
    const llm = (JSON.parse(doctor.stdout) as { checks: { check: string; detail: string }[] }).checks.find(
      (check) => check.check === 'llm',
    );
    expect(llm?.detail).toContain('azure-openai');
  }, 60_000);
});
