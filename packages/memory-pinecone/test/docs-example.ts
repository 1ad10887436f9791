// biome-ignore-all lint/suspicious/noConsole: the example of docs/memory-stores/pinecone.md prints its answers
import {
  coreSettingsSections,
  createMemoryItem,
  createRuntime,
  loadConfiguration,
  ServiceCollection,
} from '@orkeon/core';
import { addSvcPineconeMemory, pineconeMemorySettings } from '@orkeon/memory-pinecone';

// SVC_Svc__Memory__Pinecone__ApiKey=… is required; the index orkeon-memories is dense, cosine, of dimension 3 here.
const configuration = await loadConfiguration({ sections: [...coreSettingsSections, pineconeMemorySettings] });
const services = new ServiceCollection();
addSvcPineconeMemory(services, configuration); // no API key: the start is refused here

await using runtime = await createRuntime({ services, configuration });
const memory = await runtime.memory.get('pinecone'); // or get() with Memory:Provider = pinecone
const guest = createMemoryItem({ content: 'Ada drinks green tea.', metadata: { tags: ['guest'] } });
await memory.storeWithEmbedding('ada-tea', guest, [0.1, 0.8, 0.2]);
await memory.storeWithEmbedding('bob-coffee', createMemoryItem({ content: 'Bob drinks coffee.' }), [0.9, 0.1, 0.1]);

const found = await memory.searchSimilar([0.1, 0.7, 0.3], { topK: 1, filter: { tags: ['guest'] } });
console.log(found.map((hit) => [hit.key, hit.score.toFixed(3)])); // [ [ 'ada-tea', '0.987' ] ]
