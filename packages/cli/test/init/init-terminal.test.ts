import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { providerCatalogue } from '@orkeon/providers';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSettings } from './init-project.js';
import { startTerminalSession, type TerminalSession } from './terminal-session.js';

// `orkeon init` on a real pseudo-terminal (util-linux `script`): with no --provider it asks for the model,
// echo first, then each provider of the catalogue; the answers typed decide appsettings.json.

let folder: TemporaryDirectory;
let session: TerminalSession | undefined;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
  await folder.remove();
});

const providerQuestion = `Model provider, 1 to ${providerCatalogue.length + 1} or a name [1]: `;

function start(args: string[]): TerminalSession {
  session = startTerminalSession(['init', ...args], { cwd: folder.path });
  return session;
}

describe('orkeon init on a terminal', () => {
  it('lists echo first, then every provider; a number and a model id choose the Llm section', async () => {
    const terminal = start(['desk']);
    await terminal.waitFor(providerQuestion);
    const screen = terminal.screen();
    expect(screen).toContain('Which model should the crew run on? You can change it later in appsettings.json.\n');
    expect(screen).toMatch(/^ {3}1\) echo +offline, no key: repeats its input, never calls tools$/m);
    providerCatalogue.forEach((provider, index) => {
      expect(screen).toMatch(
        new RegExp(`^ +${index + 2}\\) ${provider.key} +${provider.vendor.replace(/[()]/g, '\\$&')}: `, 'm'),
      );
    });
    terminal.answer('2');
    await terminal.waitFor('Model id (Llm:Model) [gpt-5.6-sol]: ');
    terminal.answer('my-model');
    expect(await terminal.exited).toBe(0);
    expect(terminal.screen()).toContain(
      'Created a project in desk (model: my-model of OpenAI, key from SVC_Llm__ApiKey):',
    );
    expect((await readSettings(join(folder.path, 'desk'))).Llm).toEqual({
      BaseUrl: 'https://api.openai.com/v1',
      Model: 'my-model',
    });
  }, 60_000);

  it('Enter takes echo, the default: no Llm section', async () => {
    const terminal = start([]);
    await terminal.waitFor(providerQuestion);
    terminal.answer('');
    expect(await terminal.exited).toBe(0);
    expect(terminal.screen()).toContain('Created a project in . (model: the offline echo model, no key):');
    expect(await readSettings(folder.path)).not.toHaveProperty('Llm');
  }, 60_000);

  it('a wrong answer is explained and asked again; a name works, and Enter takes its default model', async () => {
    const terminal = start(['desk']);
    await terminal.waitFor(providerQuestion);
    terminal.answer('42');
    await terminal.waitFor(
      `'42' is not one of the choices: answer a number from 1 to ${providerCatalogue.length + 1}, or a name.`,
    );
    await terminal.waitFor(providerQuestion);
    terminal.answer('Claude');
    await terminal.waitFor("'Claude' is not one of the choices");
    await terminal.waitFor(providerQuestion);
    terminal.answer('anthropic');
    await terminal.waitFor('Model id (Llm:Model) [claude-sonnet-5]: ');
    terminal.answer('bad model');
    await terminal.waitFor("The model id 'bad model' has spaces or control characters.");
    await terminal.waitFor('Model id (Llm:Model) [claude-sonnet-5]: ');
    terminal.answer('');
    expect(await terminal.exited).toBe(0);
    expect((await readSettings(join(folder.path, 'desk'))).Llm).toEqual({
      BaseUrl: 'https://api.anthropic.com/v1',
      Model: 'claude-sonnet-5',
    });
  }, 60_000);

  it('asks Azure for its endpoint and deployment, which have no defaults', async () => {
    const terminal = start(['desk']);
    await terminal.waitFor(providerQuestion);
    terminal.answer('azure');
    await terminal.waitFor('Endpoint (Llm:BaseUrl), e.g. https://<resource>.openai.azure.com: ');
    terminal.answer('contoso');
    await terminal.waitFor("The endpoint 'contoso' is not an absolute http:// or https:// URL.");
    await terminal.waitFor('Endpoint (Llm:BaseUrl)');
    terminal.answer('https://contoso.openai.azure.com');
    await terminal.waitFor('Deployment name (Llm:Model): ');
    terminal.answer('notes');
    expect(await terminal.exited).toBe(0);
    expect((await readSettings(join(folder.path, 'desk'))).Llm).toEqual({
      BaseUrl: 'https://contoso.openai.azure.com',
      Model: 'notes',
    });
  }, 60_000);

  it('the end of the input (Ctrl+D) stops with exit code 1 and writes nothing', async () => {
    const terminal = start(['desk']);
    await terminal.waitFor(providerQuestion);
    terminal.press('\u0004');
    expect(await terminal.exited).toBe(1);
    expect(terminal.screen()).toContain(
      'orkeon: CLI_USAGE_INVALID: orkeon init got no answer (the input ended): answer its questions on a terminal, or give the model with --provider <name> [--model <id>].',
    );
    expect(await readdir(folder.path)).toEqual([]);
  }, 60_000);

  it('Ctrl+C stops with exit code 130 and writes nothing', async () => {
    const terminal = start(['desk']);
    await terminal.waitFor(providerQuestion);
    terminal.press('\u0003');
    expect(await terminal.exited).toBe(130);
    expect(await readdir(folder.path)).toEqual([]);
  }, 60_000);

  it('asks nothing when --provider is given', async () => {
    const terminal = start(['desk', '--provider', 'echo']);
    expect(await terminal.exited).toBe(0);
    expect(terminal.screen()).not.toContain('Model provider');
    expect(terminal.screen()).toContain('Created a project in desk (model: the offline echo model, no key):');
  }, 60_000);

  it('asks nothing, and refuses at once, when the folder already holds the project', async () => {
    const first = start(['desk', '--provider', 'echo']);
    expect(await first.exited).toBe(0);
    await first.close();
    const terminal = start(['desk']);
    expect(await terminal.exited).toBe(1);
    expect(terminal.screen()).not.toContain('Model provider');
    expect(terminal.screen()).toContain('already has files orkeon init would write');
  }, 60_000);
});
