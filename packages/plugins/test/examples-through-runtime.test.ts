import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createMemoryItem,
  createRuntime,
  defineAgent,
  type Runtime,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { addSvcLlm } from '@orkeon/providers';
import {
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
  toolResultText,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSvcPlugins, PluginRegistryService } from '../src/index.js';
import { examplePlugins, scriptedModel, settingsOf } from './plugin-fixtures.js';

// The three example plugins of examples/plugins, loaded through addSvcPlugins from a mount
// and used through createRuntime: a tool, a model provider and a memory store.

let server: ScriptedModelServer;
let folder: TemporaryDirectory;
beforeEach(async () => {
  server = await startScriptedModelServer();
  folder = await createTemporaryDirectory();
});
afterEach(async () => {
  await server.close();
  await folder.remove();
});

/** A runtime with the example plugins loaded from /plugins (read-only) under `tree`'s settings. */
async function runtimeWith(tree: SettingsTree, withLlm = false): Promise<Runtime> {
  const configuration = settingsOf(tree);
  const services = new ServiceCollection();
  if (withLlm) addSvcLlm(services, configuration);
  await addSvcPlugins(services, configuration, { mounts: [`${examplePlugins}:/plugins:ro`] });
  return createRuntime({ configuration, services, ...(withLlm ? {} : { model: scriptedModel(server.openAiBaseUrl) }) });
}

/** Settings every example needs: the gateway plugin refuses to load without its BaseUrl. */
function pluginsSection(extra: SettingsTree = {}): SettingsTree {
  return {
    Plugins: { Settings: { 'house-gateway': { BaseUrl: server.openAiBaseUrl }, ...extra } },
  };
}

describe('the example plugins through createRuntime', () => {
  it('loads the three layouts (flat file, package.json exports, index.mjs) into the registry, in path order', async () => {
    await using runtime = await runtimeWith(pluginsSection());
    const registry = runtime.services.get(PluginRegistryService);
    expect(registry.failures).toEqual([]);
    expect(registry.plugins.map(({ name, version, file }) => ({ name, version, file }))).toEqual([
      { name: 'house-gateway', version: '1.0.0', file: '/plugins/house-gateway/plugin.mjs' },
      { name: 'json-file-memory', version: '1.0.0', file: '/plugins/json-file-memory/index.mjs' },
      { name: 'word-stats', version: '1.0.0', file: '/plugins/word-stats.mjs' },
    ]);
  });

  it('word-stats adds a tool an agent can call; without the plugin the tool does not exist', async () => {
    await using runtime = await runtimeWith(pluginsSection());
    const editor = defineAgent({ id: 'editor', role: 'Editor', goal: 'Measures texts', tools: ['word_stats'] });
    server.enqueue(
      { toolCalls: [{ name: 'word_stats', arguments: { text: 'Plugins load. They run!' } }] },
      { text: 'ok' },
    );
    await runtime.run(editor, 'How long is it?');
    const body = server.requests[1]?.body as { messages: { role: string; content: unknown }[] };
    const answer = body.messages
      .filter((message) => message.role === 'tool')
      .map((m) => toolResultText(String(m.content)));
    expect(JSON.parse(answer[0] ?? '')).toEqual({ words: 4, sentences: 2, characters: 23, longest: 'Plugins' });

    await using without = await createRuntime({ model: scriptedModel(server.openAiBaseUrl) });
    await expect(without.run(editor, 'How long is it?')).rejects.toThrow(/word_stats/);
  });

  it('house-gateway serves the model ids house/…, and other ids still go to the factory of the Llm settings', async () => {
    await using runtime = await runtimeWith(
      { ...pluginsSection(), Llm: { BaseUrl: server.openAiBaseUrl, Model: 'default-model', MaxRetries: 0 } },
      true,
    );
    server.enqueue({ text: 'from the gateway' }, { text: 'from the Llm settings' });
    const viaGateway = defineAgent({ id: 'a', role: 'A', goal: 'Answers', llm: { model: 'house/big-model' } });
    const viaSettings = defineAgent({ id: 'b', role: 'B', goal: 'Answers', llm: { model: 'other-model' } });
    expect((await runtime.run(viaGateway, 'Hi')).output).toBe('from the gateway');
    expect((await runtime.run(viaSettings, 'Hi')).output).toBe('from the Llm settings');
    expect(server.requests.map((request) => request.body?.model)).toEqual(['big-model', 'other-model']);
  });

  it('json-file-memory is the store Memory:Provider names; memories survive in its file across runtimes', async () => {
    const path = join(folder.path, 'memories.json');
    const tree = { ...pluginsSection({ 'json-file-memory': { Path: path } }), Memory: { Provider: 'jsonfile' } };
    {
      await using runtime = await runtimeWith(tree);
      const store = await runtime.memory.get();
      await store.store('fact-1', createMemoryItem({ content: 'The launch is on Tuesday.', type: 'longTerm' }));
    }
    const written = JSON.parse(await readFile(path, 'utf8')) as { key: string; item: { content: string } }[];
    expect(written.map((entry) => [entry.key, entry.item.content])).toEqual([['fact-1', 'The launch is on Tuesday.']]);
    await using again = await runtimeWith(tree);
    const found = await (await again.memory.get()).search('launch Tuesday');
    expect(found.map((hit) => hit.key)).toEqual(['fact-1']);
  });

  it('without addSvcPlugins, Memory:Provider jsonfile refuses the start: the store exists only through the plugin', async () => {
    await expect(
      createRuntime({ configuration: settingsOf({ Memory: { Provider: 'jsonfile' } }) }),
    ).rejects.toMatchObject({ code: 'MEMORY_PROVIDER_UNKNOWN' });
  });
});
