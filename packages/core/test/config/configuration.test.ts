// One file over 300 lines: sources, precedence, aliases, judging and the listing of settings all read the
// same sections through loadConfiguration, so their cases sit together.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Configuration,
  ConfigurationError,
  coreSettingsSections,
  defineSettingsSection,
  llmSettings,
  loadConfiguration,
  loggingSettings,
} from '../../src/index.js';

const shellSettings = defineSettingsSection(
  'Svc:Tools:Shell',
  z.object({
    AllowInterpreters: z.boolean().default(false),
    ExtraAllowedCommands: z.array(z.string().min(1)).default([]),
  }),
  { description: 'test section nested under Svc' },
);
const sections = [...coreSettingsSections, shellSettings];

let folder: TemporaryDirectory;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
});
afterEach(async () => {
  await folder.remove();
});

async function writeSettings(content: unknown, name = 'appsettings.json'): Promise<string> {
  const path = join(folder.path, name);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

async function problemsOf(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    expect(ConfigurationError.isInstance(error)).toBe(true);
    return (error as ConfigurationError).message.split('\n');
  }
  throw new Error('expected a ConfigurationError');
}

describe('sources and precedence', () => {
  it('takes the file, then SVC_ variables, then command-line settings, lowest first', async () => {
    await writeSettings({ Llm: { Model: 'from-file', BaseUrl: 'http://file.example', MaxRetries: 3 } });
    const configuration = await loadConfiguration({
      sections,
      searchDirectories: [folder.path],
      environment: { SVC_Llm__Model: 'from-env', SVC_Llm__BaseUrl: 'http://env.example' },
      arguments: ['Llm:Model=from-args'],
    });
    const llm = configuration.get(llmSettings);
    expect(llm.Model).toBe('from-args');
    expect(llm.BaseUrl).toBe('http://env.example');
    expect(llm.MaxRetries).toBe(3);
    expect(configuration.originOf('Llm:Model')).toBe('command-line setting Llm:Model');
    expect(configuration.originOf('Llm:BaseUrl')).toBe('environment variable SVC_Llm__BaseUrl');
    expect(configuration.settingsFile).toBe(join(folder.path, 'appsettings.json'));
  });

  it('lists every key set with its value and source, secrets redacted and defaults left out', async () => {
    await writeSettings({ Llm: { Model: 'from-file', MaxRetries: 3 } });
    const configuration = await loadConfiguration({
      sections,
      searchDirectories: [folder.path],
      environment: { SVC_Llm__ApiKey: 'sk-a-real-looking-secret' },
      arguments: ['Llm:Model=from-args'],
    });
    expect(configuration.entries()).toEqual([
      { key: 'Llm:Model', value: 'from-args', origin: 'command-line setting Llm:Model' },
      { key: 'Llm:MaxRetries', value: 3, origin: expect.stringContaining('appsettings.json') },
      { key: 'Llm:ApiKey', value: '[REDACTED]', origin: 'environment variable SVC_Llm__ApiKey' },
    ]);
    expect(JSON.stringify(configuration.entries())).not.toContain('sk-a-real');
  });

  it('maps SVC_A__B and SVC_A:B to A:B, ignoring case in prefix and keys', async () => {
    const configuration = await loadConfiguration({
      sections,
      searchDirectories: [folder.path],
      environment: { 'svc_LLM:model': 'm1', SVC_Llm__TimeoutSeconds: '45', SVC_LOGGING__LEVEL: 'debug', PATH: '/bin' },
    });
    expect(configuration.get(llmSettings).Model).toBe('m1');
    expect(configuration.get(llmSettings).TimeoutSeconds).toBe(45);
    expect(configuration.get(loggingSettings).Level).toBe('debug');
  });

  it('binds texts from the environment to booleans and lists', async () => {
    const configuration = await loadConfiguration({
      sections,
      searchDirectories: [folder.path],
      environment: {
        SVC_Svc__Tools__Shell__AllowInterpreters: 'TRUE',
        SVC_Svc__Tools__Shell__ExtraAllowedCommands__0: 'jq',
        SVC_Svc__Tools__Shell__ExtraAllowedCommands__1: 'curl',
      },
    });
    expect(configuration.get(shellSettings)).toEqual({ AllowInterpreters: true, ExtraAllowedCommands: ['jq', 'curl'] });
  });

  it('replaces a whole list from a higher source instead of merging items', async () => {
    await writeSettings({ Svc: { Tools: { Shell: { ExtraAllowedCommands: ['a', 'b', 'c'] } } } });
    const configuration = await loadConfiguration({
      sections,
      searchDirectories: [folder.path],
      environment: { SVC_Svc__Tools__Shell__ExtraAllowedCommands__0: 'z' },
    });
    expect(configuration.get(shellSettings).ExtraAllowedCommands).toEqual(['z']);
  });

  it('applies defaults when a section is absent', async () => {
    const configuration = await loadConfiguration({ sections, searchDirectories: [folder.path], environment: {} });
    expect(configuration.has('Llm')).toBe(false);
    expect(configuration.get(llmSettings)).toEqual({ TimeoutSeconds: 30, MaxRetries: 10 });
    expect(configuration.get(loggingSettings)).toEqual({ Level: 'warn', Format: 'auto' });
    expect(configuration.settingsFile).toBeUndefined();
  });

  it('reads comments and trailing commas in the settings file', async () => {
    const path = await writeSettings('{\n  // the model\n  "Llm": { "Model": "m", },\n}\n', 'custom.json');
    const configuration = await loadConfiguration({ sections, settingsFile: path, environment: {} });
    expect(configuration.get(llmSettings).Model).toBe('m');
  });

  it('treats Svc:Llm as another name for Llm in every source', async () => {
    await writeSettings({ Svc: { Llm: { BaseUrl: 'http://localhost:11434' } } });
    const configuration = await loadConfiguration({
      sections,
      searchDirectories: [folder.path],
      environment: { SVC_Svc__Llm__Model: 'llama3.2' },
    });
    expect(configuration.get(llmSettings).BaseUrl).toBe('http://localhost:11434');
    expect(configuration.get(llmSettings).Model).toBe('llama3.2');
    expect(configuration.has('Svc:Llm')).toBe(false);
  });

  it('refuses Svc:Llm and Llm disagreeing in one source', async () => {
    await writeSettings({ Svc: { Llm: { Model: 'a' } }, Llm: { Model: 'b' } });
    const problems = await problemsOf(
      loadConfiguration({ sections, searchDirectories: [folder.path], environment: {} }),
    );
    expect(problems).toEqual([expect.stringMatching(/'Svc:Llm:Model' and 'Llm:Model' in .* disagree/)]);
  });

  it('collects secret values for scrubbing, and only those', async () => {
    const configuration = Configuration.fromObject(
      { Llm: { ApiKey: 'sk-very-secret', Model: 'gpt-model', ApiKeySecretName: 'prod-key' } },
      sections,
    );
    expect(configuration.secretValues()).toEqual(['sk-very-secret']);
  });
});

describe('judged at start', () => {
  it('refuses an unknown key, naming the full key, its source and a suggestion', async () => {
    await writeSettings({ Llm: { Modle: 'x' } });
    const problems = await problemsOf(
      loadConfiguration({ sections, searchDirectories: [folder.path], environment: {} }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^Unknown setting 'Llm:Modle' \(from .*appsettings\.json:3:14\)\. Did you mean 'Llm:Model'\?/,
    );
    expect(problems[0]).toContain("Keys of 'Llm': Model, BaseUrl, ApiKey");
  });

  it('refuses an unknown section, including one from the environment', async () => {
    const problems = await problemsOf(
      loadConfiguration({ sections, searchDirectories: [folder.path], environment: { SVC_Lm__Model: 'x' } }),
    );
    expect(problems[0]).toMatch(
      /Unknown settings section 'Lm' \(from environment variable SVC_Lm__Model\)\. Did you mean 'Llm'\?/,
    );
  });

  it('refuses Llm:Provider: the provider is inferred, not configured', async () => {
    const problems = await problemsOf(
      loadConfiguration({ sections, searchDirectories: [folder.path], environment: { SVC_Llm__Provider: 'openai' } }),
    );
    expect(problems[0]).toMatch(/^Unknown setting 'Llm:Provider'/);
  });

  it('refuses a bad value, naming key, value, source and what is allowed', async () => {
    const problems = await problemsOf(
      loadConfiguration({ sections, searchDirectories: [folder.path], environment: { SVC_LLM__TEMPERATURE: 'hot' } }),
    );
    expect(problems).toEqual([
      `Setting 'Llm:Temperature' = "hot" (from environment variable SVC_LLM__TEMPERATURE) is not allowed. Allowed: a number from 0 to 2.`,
    ]);
  });

  it('refuses a value out of range and a value of the wrong type in the file', async () => {
    await writeSettings({ Llm: { Temperature: 7, MaxRetries: 'ten' } });
    const problems = await problemsOf(
      loadConfiguration({ sections, searchDirectories: [folder.path], environment: {} }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^Setting 'Llm:Temperature' = 7 \(from .*:3:20\) is not allowed\. Allowed: a number from 0 to 2\.$/,
    );
    expect(problems[1]).toMatch(/^Setting 'Llm:MaxRetries' = "ten" .* Allowed: a whole number from 0 to 20\.$/);
  });

  it('suggests the closest allowed word', async () => {
    const problems = await problemsOf(
      loadConfiguration({ sections, searchDirectories: [folder.path], environment: { SVC_Logging__Level: 'debg' } }),
    );
    expect(problems[0]).toContain('Did you mean "debug"? Allowed: one of "fatal", "error", "warn", "info", "debug"');
  });

  it('explains custom rules, such as an http(s) base URL', async () => {
    const problems = await problemsOf(
      loadConfiguration({
        sections,
        searchDirectories: [folder.path],
        arguments: ['Llm:BaseUrl=ftp://x'],
        environment: {},
      }),
    );
    expect(problems[0]).toBe(
      `Setting 'Llm:BaseUrl' = "ftp://x" (from command-line setting Llm:BaseUrl) is not allowed: it must be an absolute http:// or https:// URL. Allowed: an absolute URL.`,
    );
  });

  it('never shows a secret value in an error', async () => {
    await writeSettings({ Llm: { ApiKey: ['sk-leaked-value'] } });
    const problems = await problemsOf(
      loadConfiguration({ sections, searchDirectories: [folder.path], environment: {} }),
    );
    expect(problems[0]).toMatch(/^Setting 'Llm:ApiKey' \(value hidden\)/);
    expect(problems.join('\n')).not.toContain('sk-leaked-value');
  });

  it('refuses list items that are not numbered from 0 without gaps', async () => {
    const problems = await problemsOf(
      loadConfiguration({
        sections,
        searchDirectories: [folder.path],
        environment: { SVC_Svc__Tools__Shell__ExtraAllowedCommands__1: 'jq' },
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/'Svc:Tools:Shell:ExtraAllowedCommands' .* is a list: number its items from 0/),
    ]);
  });

  it('refuses a value where a section is expected', async () => {
    const problems = await problemsOf(
      loadConfiguration({ sections, searchDirectories: [folder.path], environment: { SVC_Llm: 'gpt' } }),
    );
    expect(problems[0]).toMatch(/Setting 'Llm' \(from environment variable SVC_Llm\) must be a section of keys/);
  });

  it('reports every problem at once, one line each', async () => {
    const problems = await problemsOf(
      loadConfiguration({
        sections,
        searchDirectories: [folder.path],
        environment: { SVC_Llm__Temperature: 'hot', SVC_Nope: '1' },
      }),
    );
    expect(problems).toHaveLength(2);
  });

  it('names the position of invalid JSON', async () => {
    await writeSettings('{\n  "Llm": { "Model": "m" \n  "x": 1 }\n}');
    const problems = await problemsOf(
      loadConfiguration({ sections, searchDirectories: [folder.path], environment: {} }),
    );
    expect(problems[0]).toMatch(/^Settings file .*appsettings\.json:3:3 is not valid JSON: comma expected\.$/);
  });

  it('refuses keys that differ only by case in one file', async () => {
    await writeSettings('{ "Llm": { "Model": "a", "model": "b" } }');
    const problems = await problemsOf(
      loadConfiguration({ sections, searchDirectories: [folder.path], environment: {} }),
    );
    expect(problems[0]).toMatch(/Settings key 'Llm:model' appears twice .*'Model' came first/);
  });

  it('refuses a file that is not an object, and a missing explicit file', async () => {
    await writeSettings('[1, 2]');
    expect(
      (await problemsOf(loadConfiguration({ sections, searchDirectories: [folder.path], environment: {} })))[0],
    ).toMatch(/must hold a JSON object/);
    expect(
      (
        await problemsOf(loadConfiguration({ sections, settingsFile: join(folder.path, 'nope.json'), environment: {} }))
      )[0],
    ).toMatch(/Settings file '.*nope\.json' does not exist/);
  });

  it('refuses a malformed command-line setting and an empty key level', async () => {
    expect((await problemsOf(loadConfiguration({ sections, arguments: ['LlmModel'], environment: {} })))[0]).toMatch(
      /must be written KEY=VALUE/,
    );
    expect((await problemsOf(loadConfiguration({ sections, environment: { SVC_Llm____Model: 'x' } })))[0]).toMatch(
      /empty key level/,
    );
  });

  it('refuses the same key twice in the environment', async () => {
    const problems = await problemsOf(
      loadConfiguration({ sections, environment: { SVC_Llm__Model: 'a', SVC_LLM__MODEL: 'b' } }),
    );
    expect(problems[0]).toMatch(/Setting 'LLM:MODEL' is given twice/);
  });
});
