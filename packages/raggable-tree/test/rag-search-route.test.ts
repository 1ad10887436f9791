import { join } from 'node:path';
import {
  Configuration,
  coreSettingsSections,
  createRuntime,
  EmbeddingProviderService,
  type Runtime,
  ServiceCollection,
} from '@orkeon/core';
import { addSvcRag, addSvcRagTools, ragSettings } from '@orkeon/rag';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRaggableTree, raggableTreeSettings } from '../src/index.js';
import { countingEmbeddings } from './fixtures/code-runtime.js';
import { writeShopCodeBase } from './fixtures/shop-code-base.js';

// rag_search with the collection 'raggable-tree' reaches this code index: addRaggableTree fills
// @orkeon/rag's code-search port, and the agent gets symbols as numbered passages.

let folder: TemporaryDirectory;
let runtime: Runtime;

beforeAll(async () => {
  folder = await createTemporaryDirectory('orkeon-code-rag-search-');
  await writeShopCodeBase(join(folder.path, 'code'));
  const configuration = Configuration.fromObject({}, [...coreSettingsSections, ragSettings, raggableTreeSettings]);
  const services = new ServiceCollection().addInstance(EmbeddingProviderService, countingEmbeddings());
  addSvcRagTools(addSvcRag(services, configuration));
  addRaggableTree(services, configuration);
  runtime = await createRuntime({
    services,
    configuration,
    logger: captureLogger().logger,
    mounts: [{ physical: join(folder.path, 'code'), virtual: '/crew', rights: 'ro' }],
  });
});
afterAll(async () => {
  await runtime.dispose();
  await folder.remove();
});

describe("rag_search on the collection 'raggable-tree'", () => {
  it('answers the symbols the code index finds, with their files, lines and qualified names', async () => {
    const result = await runtime.pipeline.invoke({
      tool: 'rag_search',
      input: { question: 'Cart total', collection: 'raggable-tree', top_k: 2 },
      caller: { kind: 'host' },
    });
    expect(result.outcome, result.output).toBe('Success');
    expect(result.output).toMatch(
      /^2 passage\(s\) from the code index:\n\n\[1\] \/crew\/web\/src\/cart\.ts \(lines \d+–\d+, /,
    );
    expect(result.output).toContain('@shop/web::src/cart::Cart');
  });
});
