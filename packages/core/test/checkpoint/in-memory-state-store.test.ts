import { InMemoryStateStore } from '../../src/checkpoint/in-memory-state-store.js';
import { describeStateStoreConformance } from './state-store-conformance.js';

describeStateStoreConformance('InMemoryStateStore', async () => new InMemoryStateStore());
