import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventsOf } from './event-lines.js';
import { finished } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

// orkeon run with the example plugins of examples/plugins on an internal mount: a tool, a model
// provider and a memory store, in a real process; and no plugin at all without the Plugins section.

const examplePlugins = fileURLToPath(new URL('../../../examples/plugins', import.meta.url));

const crew = `name: editors
agents:
  editor:
    role: Editor
    goal: Measures texts and remembers what it found
    tools: [word_stats, memory_store]
    llm:
      model: house/gateway-model
tasks:
  measure:
    description: Measure the text "Plugins load. They run!" and remember the result.
    expectedOutput: The counts
    agent: editor
`;

const scripted = useScriptedRun({ crew });

function appSettings(plugins: Record<string, unknown> | undefined): string {
  return JSON.stringify({
    Svc: { FileSystem: { InternalMounts: [`${examplePlugins}:/plugins:ro`] } },
    Memory: { Provider: 'jsonfile' },
    ...(plugins === undefined ? {} : { Plugins: plugins }),
  });
}

describe('orkeon run with plugins', () => {
  it('the Plugins section loads the tool, the model provider and the memory store of examples/plugins', async () => {
    const memories = join(scripted.folder.path, 'memories.json');
    await scripted.write(
      'appsettings.json',
      appSettings({
        Settings: {
          'house-gateway': { BaseUrl: scripted.server.openAiBaseUrl },
          'json-file-memory': { Path: memories },
        },
      }),
    );
    scripted.server.enqueue(
      { toolCalls: [{ name: 'word_stats', arguments: { text: 'Plugins load. They run!' } }] },
      {
        toolCalls: [
          {
            name: 'memory_store',
            arguments: { operation: 'remember', category: 'project', content: 'The text has 4 words.' },
          },
        ],
      },
      { text: '4 words, 2 sentences.' },
    );
    const result = await finished(scripted.start(['run', 'crew.yaml', '--events', 'jsonl']));
    expect(result.code, result.stderr).toBe(0);
    // Every call went to the gateway the plugin registered, with the id after 'house/'.
    expect(scripted.server.requests.map((request) => request.body?.model)).toEqual([
      'gateway-model',
      'gateway-model',
      'gateway-model',
    ]);
    const returned = eventsOf(result.stdout).filter((event) => event.kind === 'tool.returned');
    expect(returned.map((event) => [event.toolName, event.success])).toEqual([
      ['word_stats', true],
      ['memory_store', true],
    ]);
    const toolMessage = JSON.stringify(scripted.server.requests[1]?.body);
    expect(toolMessage).toContain('\\"words\\":4');
    const stored = JSON.parse(await readFile(memories, 'utf8')) as { item: { content: string } }[];
    expect(stored.map((entry) => entry.item.content)).toEqual(['The text has 4 words.']);
  }, 60_000);

  it('a plugin that fails stops the start with PLUGIN_LOAD_FAILED naming the file (no ContinueOnError)', async () => {
    await scripted.write('plugins/broken.mjs', 'export const name = "broken";\nexport function configureServices( {\n');
    await scripted.write(
      'appsettings.json',
      JSON.stringify({
        Svc: { FileSystem: { InternalMounts: ['./plugins:/own-plugins:ro'] } },
        Plugins: { Directory: '/own-plugins' },
      }),
    );
    const result = await finished(scripted.start(['run', 'crew.yaml']));
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('PLUGIN_LOAD_FAILED');
    expect(result.stderr).toContain("Plugin '/own-plugins/broken.mjs' could not be loaded: importing it failed:");
    expect(result.stderr).toContain('SyntaxError');
    expect(scripted.server.requests).toHaveLength(0);
  }, 60_000);

  it('without the Plugins section no plugin loads: the crew names a tool that does not exist', async () => {
    await scripted.write('appsettings.json', appSettings(undefined).replace(',"Memory":{"Provider":"jsonfile"}', ''));
    const result = await scripted.run(['run', 'crew.yaml']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('word_stats');
    expect(scripted.server.requests).toHaveLength(0);
  }, 60_000);
});
