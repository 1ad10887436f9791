import { describe, expect, it } from 'vitest';
import {
  type A2ATaskRecord,
  type A2ATaskStore,
  A2ATaskStoreService,
  AgentDirectory,
  sharedAgentRegistrationStore,
} from '../../src/index.js';
import { postJson, startTestHost } from '../server/a2a-test-host.js';

/** A host's own task store with only the two required methods (no `save`). */
class UpdateOnlyStore implements A2ATaskStore {
  readonly records = new Map<string, A2ATaskRecord>();
  updates = 0;
  async get(taskId: string) {
    return this.records.get(taskId);
  }
  async update(taskId: string, change: (current: A2ATaskRecord | undefined) => A2ATaskRecord | undefined) {
    this.updates++;
    const next = change(this.records.get(taskId));
    if (next !== undefined) this.records.set(taskId, next);
    return next ?? this.records.get(taskId);
  }
}

describe('a host task store without save()', () => {
  it('gets the one write of a blocking send without an id through update, and GET reads it', async () => {
    sharedAgentRegistrationStore.clear();
    new AgentDirectory().register({
      id: 'echo',
      name: 'Echo',
      description: 'Repeats its input',
      tags: [],
      kind: 'local',
      handler: async (request) => `echo: ${request.input}`,
    });
    const store = new UpdateOnlyStore();
    const host = await startTestHost({ after: (services) => services.addInstance(A2ATaskStoreService, store) });
    try {
      const sent = await postJson(`${host.url}/a2a/tasks/send`, { skillId: 'echo', input: 'one' });
      expect(sent.body).toMatchObject({ status: 'Completed', output: 'echo: one' });
      expect(store.updates).toBe(1);
      const read = await fetch(`${host.url}/a2a/tasks/${String(sent.body.taskId)}`);
      expect(await read.json()).toMatchObject({ taskId: sent.body.taskId, status: 'Completed', output: 'echo: one' });
    } finally {
      await host.close();
    }
  });
});
