import { mkdir, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { providerKeys } from '@orkeon/providers';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOrkeon } from '../run-cli-helpers.js';
import { orkeon, projectFiles, snapshot } from './init-project.js';

// `orkeon init` overwrites nothing and writes all or none; bad options are refused with the problem and the
// fix, before anything is made.

let folder: TemporaryDirectory;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
});
afterEach(async () => {
  await folder.remove();
});

/** `orkeon init <args>` in this process, in the test's folder. */
const init = (args: string[]) => runOrkeon(['init', ...args], { workingDirectory: folder.path });

describe('orkeon init overwrites nothing', () => {
  it('a second init into the same folder exits 1, names every file, and leaves them byte for byte', async () => {
    const first = await orkeon(['init', 'project'], folder.path);
    expect(first.code, first.stderr).toBe(0);
    const project = join(folder.path, 'project');
    // The user has made the project theirs.
    await writeFile(join(project, 'crew.yaml'), 'name: mine\n');
    const before = await snapshot(project);

    const second = await orkeon(['init', 'project', '--provider', 'openai'], folder.path);
    expect(second.code).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr).toBe(
      [
        `orkeon: CLI_USAGE_INVALID: '${project}' already has files orkeon init would write: crew.yaml, tools/text-stats.mts, appsettings.json, .gitignore, README.md. Nothing was written.`,
        'orkeon: CLI_USAGE_INVALID: Choose another folder (orkeon init <new-folder>), or move them away and run orkeon init again.',
        '',
      ].join('\n'),
    );
    expect(await snapshot(project)).toEqual(before);
  }, 60_000);

  it('a folder holding one of the files gets none of the others', async () => {
    await writeFile(join(folder.path, 'README.md'), '# My own notes\n');
    const before = await snapshot(folder.path);
    const result = await init([]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `'${folder.path}' already has a file orkeon init would write: README.md. Nothing was written.`,
    );
    expect(result.stderr).toContain('Choose another folder (orkeon init <new-folder>), or move it away');
    expect(await snapshot(folder.path)).toEqual(before);
    expect(await readdir(folder.path)).toEqual(['README.md']);
  });

  it('counts a link that leads nowhere, and a file where the tools folder goes, as in the way', async () => {
    await symlink(join(folder.path, 'missing.yaml'), join(folder.path, 'crew.yaml'));
    await writeFile(join(folder.path, 'tools'), 'not a folder\n');
    const result = await init([]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('would write: tools, crew.yaml. Nothing was written.');
    expect((await readdir(folder.path)).sort()).toEqual(['crew.yaml', 'tools']);
  });

  it('refuses a file given as the folder, and asks no question and makes nothing before refusing', async () => {
    await writeFile(join(folder.path, 'notes.txt'), 'text\n');
    const result = await init(['notes.txt']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`'${join(folder.path, 'notes.txt')}' is a file, not a folder`);
    expect((await stat(join(folder.path, 'notes.txt'))).isFile()).toBe(true);
  });

  it('writes into an empty folder that exists, and into one holding other files, leaving those alone', async () => {
    await mkdir(join(folder.path, 'existing'));
    await writeFile(join(folder.path, 'existing', 'notes.md'), 'mine\n');
    await mkdir(join(folder.path, 'existing', 'tools'));
    const result = await init(['existing']);
    expect(result.code, result.stderr).toBe(0);
    expect(Object.keys(await snapshot(join(folder.path, 'existing'))).sort()).toEqual(
      [...projectFiles, 'notes.md'].sort(),
    );
  });
});

describe('orkeon init refuses bad options, writing nothing', () => {
  it('an unknown --provider is named with every valid name and the closest one', async () => {
    const result = await orkeon(['init', 'project', '--provider', 'opnai'], folder.path);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `orkeon: CLI_USAGE_INVALID: --provider takes echo (the offline model, no key) or a provider of docs/models.md, not 'opnai'. Did you mean 'openai'? Valid names: ${['echo', ...providerKeys].join(', ')}.\n`,
    );
    expect(await readdir(folder.path)).toEqual([]);
  }, 60_000);

  it.each([
    [['--model', 'gpt-5'], '--model needs --provider: name the provider too, e.g. --provider openai --model <id>'],
    [
      ['--base-url', 'http://localhost:8080/v1', '--model', 'm'],
      '--model and --base-url need --provider: name the provider too',
    ],
    [
      ['--provider', 'echo', '--model', 'gpt-5'],
      '--provider echo takes no --model: the echo model is offline and has no model id or endpoint. Leave it out, or name a real provider.',
    ],
    [
      ['--provider', 'azure-openai'],
      '--provider azure-openai has no default endpoint or model: give --base-url <url> (its endpoint, e.g. https://<resource>.openai.azure.com) and --model <id> (the deployment name).',
    ],
    [
      ['--provider', 'openai', '--base-url', 'ftp://example.com/v1'],
      "--provider openai: the base URL 'ftp://example.com/v1' is not an absolute http:// or https:// URL.",
    ],
    [
      ['--provider', 'openai', '--model', 'gpt 5'],
      "--provider openai: the model id 'gpt 5' has spaces or control characters.",
    ],
    [
      ['--provider', 'mistral', '--base-url', 'https://proxy.example/v1', '--model', 'tiny'],
      "--provider mistral: Orkeon infers the provider from Llm:BaseUrl and Llm:Model, and would read 'https://proxy.example/v1' with 'tiny' as openai",
    ],
    [['--provider'], "option '-p, --provider <name>' argument missing"],
  ])('%j is refused', async (args, message) => {
    const result = await init(['project', ...args]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(await readdir(folder.path)).toEqual([]);
  });
});
