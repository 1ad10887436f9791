import { describeEventHubConformance } from '@orkeon/testing/conformance';
import * as vitest from 'vitest';
import { InMemoryEventHub } from '../src/index.js';

describeEventHubConformance(vitest, 'InMemoryEventHub', async (options) => new InMemoryEventHub(options));
