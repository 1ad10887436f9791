// biome-ignore-all lint/suspicious/noConsole: the example of docs/memory-stores/chroma.md prints its answers
import {
  coreSettingsSections,
  createMemoryItem,
  createRuntime,
  loadConfiguration,
  ServiceCollection,
} from '@orkeon/core';
import { addSvcChromaMemory, chromaMemorySettings } from '@orkeon/memory-chroma';

// Settings from appsettings.json, SVC_ variables or flags, e.g. SVC_Svc__Memory__ChromaDb__Url=http://localhost:8000
const configuration = await loadConfiguration({ sections: [...coreSettingsSections, chromaMemorySettings] });
const services = new ServiceCollection();
addSvcChromaMemory(services, configuration);

await using runtime = await createRuntime({ services, configuration });
const memory = await runtime.memory.get('chromadb'); // or get() with Memory:Provider = chromadb
await memory.store('ada-allergy', createMemoryItem({ content: 'Ada is allergic to nuts.', type: 'entity' }));
await memory.storeWithEmbedding('ada-tea', createMemoryItem({ content: 'Ada drinks green tea.' }), [0.1, 0.8, 0.2]);

console.log((await memory.search('Ada nuts')).map((hit) => [hit.key, hit.score])); // [ [ 'ada-allergy', 1 ], [ 'ada-tea', 0.5 ] ]
console.log((await memory.searchSimilar([0.1, 0.7, 0.3], { topK: 1 })).map((hit) => hit.key)); // [ 'ada-tea' ]
