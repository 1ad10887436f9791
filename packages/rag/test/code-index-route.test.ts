import {
  Configuration,
  coreSettingsSections,
  createRuntime,
  EmbeddingProviderService,
  type Runtime,
  ServiceCollection,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { addSvcRag, addSvcRagTools, type CodeSearch, CodeSearchService, ragSettings } from '../src/index.js';

// rag_search with the collection 'raggable-tree' goes to the registered code index (the port
// @orkeon/raggable-tree fills); without one, the error says what to install.

let runtime: Runtime | undefined;
afterEach(async () => {
  await runtime?.dispose();
  runtime = undefined;
});

const unusedEmbeddings = {
  model: 'none',
  dimensions: 2,
  embed: async () => {
    throw new Error('a knowledge base was searched instead of the code index');
  },
};

async function start(code?: CodeSearch): Promise<Runtime> {
  const configuration = Configuration.fromObject({}, [...coreSettingsSections, ragSettings]);
  const services = new ServiceCollection().addInstance(EmbeddingProviderService, unusedEmbeddings);
  if (code !== undefined) services.addInstance(CodeSearchService, code);
  addSvcRagTools(addSvcRag(services, configuration));
  runtime = await createRuntime({ services, configuration, logger: captureLogger().logger });
  return runtime;
}

const search = (rt: Runtime) =>
  rt.pipeline.invoke({
    tool: 'rag_search',
    input: { question: 'Where are mounts parsed?', collection: 'raggable-tree', top_k: 2 },
    caller: { kind: 'host' },
  });

describe('rag_search on the code index', () => {
  it('answers the code index’s passages, numbered, with their files', async () => {
    const asked: [string, number][] = [];
    const rt = await start({
      async search(question, topK) {
        asked.push([question, topK]);
        return [
          {
            sourceId: '/crew/src/vfs/parse-mount.ts',
            title: 'function core::vfs::parseMount',
            startLine: 12,
            endLine: 40,
            snippet: 'function parseMount(text: string): Mount',
            score: 0.9,
          },
        ];
      },
    });
    const result = await search(rt);
    expect(asked).toEqual([['Where are mounts parsed?', 2]]);
    expect(result.outcome).toBe('Success');
    expect(result.output).toBe(
      '1 passage(s) from the code index:\n\n[1] /crew/src/vfs/parse-mount.ts (lines 12–40, function core::vfs::parseMount)\nfunction parseMount(text: string): Mount',
    );
  });

  it('without a code index, fails naming the package to install', async () => {
    const result = await search(await start());
    expect(result.outcome).not.toBe('Success');
    expect(result.output).toContain("The collection 'raggable-tree' is the code index, and none is registered");
  });
});
