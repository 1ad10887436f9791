// One file for the execution-state persistence conformance suite: every rule each adapter must keep.
import {
  addCrewExecutionStatePersistence,
  addDocumentStore,
  CheckpointManager,
  Configuration,
  CrewExecutionStateManagerService,
  crewExecutionStatePersistenceSettings,
  type DocumentStore,
  DocumentStoreService,
  LoggerService,
  ResumeEngine,
  ServiceCollection,
  type StateStore,
} from '@orkeon/core';
import { executionStateCollection } from '@orkeon/core/stores';
import { captureLogger } from '../capture-logger.js';
import type { ConformanceTestApi } from './conformance-test-api.js';

/** A document store for one test, and the way a restarted process would open the same data. */
export interface ExecutionStateStoreFixture {
  readonly documents: DocumentStore;
  /** The checkpoint store over the same data (the same file or database), to prove the two stay apart. */
  readonly checkpoints: StateStore;
  /** Another document store over the same data, as a new process would open it. */
  restart(): Promise<DocumentStore>;
  dispose(): Promise<void>;
}

function persistence(settings: { Enabled?: boolean; DeleteFromStoreOnArchive?: boolean }): Configuration {
  return Configuration.fromObject({ Svc: { ExecutionState: { Persistence: settings } } }, [
    crewExecutionStatePersistenceSettings,
  ]);
}

/** Builds a manager the way a host does: settings, a logger, the store, then the opt-in. */
function hostManager(store: DocumentStore | undefined, settings: Parameters<typeof persistence>[0]) {
  const logs = captureLogger();
  const services = new ServiceCollection().addInstance(LoggerService, logs.logger);
  if (store !== undefined) addDocumentStore(services, store);
  addCrewExecutionStatePersistence(services, persistence(settings));
  const provider = services.build();
  return { logs, provider, manager: provider.get(CrewExecutionStateManagerService) };
}

/**
 * The execution-state persistence rules, run against a document store. Each rule is
 * checked through the services, as a host enables it, and across a simulated restart.
 */
export function describeCrewExecutionStatePersistence(
  test: ConformanceTestApi,
  storeName: string,
  createFixture: () => Promise<ExecutionStateStoreFixture>,
): void {
  const { describe, it, expect, beforeEach, afterEach } = test;
  describe(`crew execution state persistence over ${storeName}`, () => {
    let fixture: ExecutionStateStoreFixture;

    beforeEach(async () => {
      fixture = await createFixture();
    });

    afterEach(async () => {
      await fixture.dispose();
    });

    const stored = (executionId: string) => fixture.documents.get(executionStateCollection, executionId);

    const enabled = () => hostManager(fixture.documents, { Enabled: true }).manager;
    const afterRestart = async (settings: Parameters<typeof persistence>[0] = { Enabled: true }) =>
      hostManager(await fixture.restart(), settings).manager;

    it('create is persisted and read back after a restart', async () => {
      const created = await enabled().createState('writers', 'run-1', 'Write about tides');
      expect(created).toMatchObject({
        executionId: 'run-1',
        crewId: 'writers',
        status: 'Created',
        input: 'Write about tides',
      });
      expect(created.metadata).toEqual({});
      expect(await (await afterRestart()).getState('run-1')).toEqual(created);
    });

    it('update is persisted and read back after a restart', async () => {
      const manager = enabled();
      await manager.createState('writers', 'run-2', 'input');
      const updated = await manager.updateState('run-2', {
        status: 'Running',
        currentTaskId: 'research',
        output: 'partial',
        metadata: { attempt: 2, model: 'gpt-test' },
      });
      const reloaded = await (await afterRestart()).getState('run-2');
      expect(reloaded).toEqual(updated);
      expect(reloaded).toMatchObject({ status: 'Running', currentTaskId: 'research', metadata: { attempt: '2' } });
    });

    it('listStates answers every stored execution after a restart, newest change first, leaving a damaged one out', async () => {
      const manager = enabled();
      await manager.createState('writers', 'listed-1', 'first');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await manager.completeState((await manager.createState('writers', 'listed-2', 'second')).executionId, {
        output: 'done',
      });
      const documents = await fixture.restart();
      await documents.put(executionStateCollection, 'listed-damaged', { format: 1, executionId: 'listed-damaged' });
      const listed = await hostManager(documents, { Enabled: true }).manager.listStates();
      expect(listed.map((state) => [state.executionId, state.status])).toEqual([
        ['listed-2', 'Completed'],
        ['listed-1', 'Created'],
      ]);
    });

    it('complete is persisted: Completed with the output, or Failed with the error', async () => {
      const manager = enabled();
      await manager.createState('writers', 'run-ok', 'a');
      await manager.createState('writers', 'run-bad', 'b');
      await manager.completeState('run-ok', { output: 'the article' });
      await manager.completeState('run-bad', { error: 'model refused' });

      const restarted = await afterRestart();
      expect(await restarted.getState('run-ok')).toMatchObject({ status: 'Completed', output: 'the article' });
      expect(await restarted.getState('run-bad')).toMatchObject({ status: 'Failed', error: 'model refused' });
    });

    it('archive is persisted as Archived, and an archived state is final', async () => {
      const manager = enabled();
      await manager.createState('writers', 'run-3', 'input');
      await manager.completeState('run-3', { output: 'done' });
      await manager.archiveState('run-3');

      const restarted = await afterRestart();
      expect(await restarted.getState('run-3')).toMatchObject({ status: 'Archived', output: 'done' });
      await expect(restarted.updateState('run-3', { output: 'again' })).rejects.toMatchObject({
        code: 'EXECUTION_STATE_CONFLICT',
      });
      await expect(restarted.archiveState('run-3')).rejects.toThrow(/archived and cannot archive/);
    });

    it('with DeleteFromStoreOnArchive the archived state leaves the store', async () => {
      const { manager } = hostManager(fixture.documents, { Enabled: true, DeleteFromStoreOnArchive: true });
      await manager.createState('writers', 'run-4', 'input');
      expect(await stored('run-4')).toBeDefined();
      const archived = await manager.archiveState('run-4');
      expect(archived.status).toBe('Archived');
      expect(await stored('run-4')).toBeUndefined();
      expect((await manager.getState('run-4'))?.status).toBe('Archived');
      expect(await (await afterRestart()).getState('run-4')).toBeUndefined();
    });

    it('createState resumes an existing persisted state instead of creating a new one', async () => {
      const first = enabled();
      await first.createState('writers', 'run-5', 'original input');
      const running = await first.updateState('run-5', { status: 'Running', currentTaskId: 'draft' });
      // The store stamps its own document times; resuming must leave the stored document as it was.
      const before = await stored('run-5');

      const restarted = await afterRestart();
      const resumed = await restarted.createState('writers', 'run-5', 'a different input');
      expect(resumed).toEqual(running);
      expect(resumed.input).toBe('original input');
      expect(await stored('run-5')).toEqual(before);

      await expect(restarted.createState('editors', 'run-5', 'x')).rejects.toMatchObject({
        code: 'EXECUTION_STATE_CONFLICT',
        message: expect.stringContaining("already used by crew 'writers'"),
      });
    });

    it('without the opt-in, states live in memory only', async () => {
      for (const settings of [{}, { Enabled: false }]) {
        const { manager } = hostManager(fixture.documents, settings);
        expect(manager.persistent).toBe(false);
        await manager.createState('writers', 'memory-only', 'input');
        await manager.updateState('memory-only', { status: 'Running' });
        expect((await manager.getState('memory-only'))?.status).toBe('Running');
        expect(await fixture.documents.list(executionStateCollection)).toEqual([]);
        expect(await hostManager(fixture.documents, { Enabled: true }).manager.getState('memory-only')).toBeUndefined();
      }
    });

    it('enabled without a DocumentStore: exactly one warning, and memory is used', async () => {
      const { manager, logs, provider } = hostManager(undefined, { Enabled: true });
      expect(manager.persistent).toBe(false);
      await manager.createState('writers', 'no-store', 'input');
      await manager.completeState('no-store', { output: 'ok' });
      expect(provider.get(CrewExecutionStateManagerService)).toBe(manager);
      expect((await manager.getState('no-store'))?.status).toBe('Completed');

      const warnings = logs.records().filter((record) => record.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ setting: 'Svc:ExecutionState:Persistence:Enabled' });
      expect(String(warnings[0]?.msg)).toContain('no DocumentStore is registered');
      expect(provider.isRegistered(DocumentStoreService)).toBe(false);
    });

    it('a store registered after the opt-in is still used', async () => {
      const services = new ServiceCollection().addInstance(LoggerService, captureLogger().logger);
      addCrewExecutionStatePersistence(services, persistence({ Enabled: true }));
      addDocumentStore(services, fixture.documents);
      const manager = services.build().get(CrewExecutionStateManagerService);
      expect(manager.persistent).toBe(true);
      await manager.createState('writers', 'late-store', 'input');
      expect(await stored('late-store')).toBeDefined();
    });

    it('execution states live in the document store, never among checkpoint sessions', async () => {
      const manager = enabled();
      await manager.createState('writers', 'shared-id', 'input');
      // A task checkpoint session of the same crew, under the same raw id.
      const checkpoints = new CheckpointManager(fixture.checkpoints, { logger: captureLogger().logger });
      await fixture.checkpoints.save({
        sessionId: 'shared-id',
        crewId: 'writers',
        phase: 'Failed',
        completedTaskIndex: 0,
        taskCheckpoints: {},
        createdAt: '2020-01-01T00:00:00.000Z',
        updatedAt: '2020-01-01T00:00:00.000Z',
      });
      await checkpoints.checkpoint('shared-id', 'research', 'sources');

      const sessions = await fixture.checkpoints.list();
      expect(sessions.map((session) => [session.sessionId, session.crewId])).toEqual([['shared-id', 'writers']]);
      expect((await fixture.checkpoints.latestForCrew('writers'))?.sessionId).toBe('shared-id');
      expect((await new ResumeEngine(fixture.checkpoints).resume('writers'))?.completedTaskIds).toEqual(['research']);
      expect((await manager.getState('shared-id'))?.input).toBe('input');
      expect((await fixture.documents.list(executionStateCollection)).map((document) => document.key)).toEqual([
        'shared-id',
      ]);
    });

    it('metadata is stored as invariant strings', async () => {
      const manager = enabled();
      await manager.createState('writers', 'run-6', 'input');
      const updated = await manager.updateState('run-6', {
        metadata: {
          ratio: 1234.5,
          tiny: 0.000001,
          huge: 1e21,
          negative: -0.25,
          count: 42n,
          approved: true,
          rejected: false,
          startedAt: new Date(Date.UTC(2026, 2, 14, 9, 26, 53, 589)),
          note: 'plain text',
        },
      });
      const expected = {
        ratio: '1234.5',
        tiny: '0.000001',
        huge: '1e+21',
        negative: '-0.25',
        count: '42',
        approved: 'true',
        rejected: 'false',
        startedAt: '2026-03-14T09:26:53.589Z',
        note: 'plain text',
      };
      expect(updated.metadata).toEqual(expected);
      expect((await (await afterRestart()).getState('run-6'))?.metadata).toEqual(expected);

      await manager.updateState('run-6', { metadata: { ratio: 2 } });
      expect((await manager.getState('run-6'))?.metadata).toEqual({ ...expected, ratio: '2' });
      await expect(manager.updateState('run-6', { metadata: { when: new Date(Number.NaN) } })).rejects.toMatchObject({
        code: 'EXECUTION_METADATA_INVALID',
      });
    });

    it('toolsUsed is not persisted: a reloaded state has none', async () => {
      const manager = enabled();
      await manager.createState('writers', 'run-7', 'input');
      await manager.updateState('run-7', { toolsUsed: ['web_search', 'file_read'] });
      const updated = await manager.updateState('run-7', { toolsUsed: ['file_read', 'file_write'] });
      expect(updated.toolsUsed).toEqual(['web_search', 'file_read', 'file_write']);

      expect(JSON.stringify(await stored('run-7'))).not.toContain('web_search');
      const reloaded = await (await afterRestart()).getState('run-7');
      expect(reloaded?.toolsUsed).toEqual([]);
      expect(reloaded).toEqual({ ...updated, toolsUsed: [] });
    });

    it('concurrent transitions of one execution are applied in call order', async () => {
      const manager = enabled();
      await manager.createState('writers', 'run-8', 'input');
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          manager.updateState('run-8', { metadata: { [`step${index}`]: index } }),
        ),
      );
      await manager.completeState('run-8', { output: 'last' });
      const reloaded = await (await afterRestart()).getState('run-8');
      expect(Object.keys(reloaded?.metadata ?? {})).toHaveLength(10);
      expect(reloaded?.status).toBe('Completed');
    });

    it('refuses unknown executions and unusable execution ids', async () => {
      const manager = enabled();
      await expect(manager.updateState('never-created', { status: 'Running' })).rejects.toMatchObject({
        code: 'EXECUTION_STATE_NOT_FOUND',
      });
      await expect(manager.completeState('never-created')).rejects.toMatchObject({ code: 'EXECUTION_STATE_NOT_FOUND' });
      expect(await manager.getState('never-created')).toBeUndefined();
      for (const executionId of ['', 'has space', '../x', 'z'.repeat(201)]) {
        await expect(manager.createState('writers', executionId, 'input')).rejects.toMatchObject({
          code: 'EXECUTION_ID_INVALID',
        });
      }
      await expect(manager.createState('', 'no-crew', 'input')).rejects.toMatchObject({
        code: 'EXECUTION_CREW_ID_INVALID',
      });
      await expect(manager.createState('writers', 'z'.repeat(200), 'input')).resolves.toMatchObject({
        status: 'Created',
      });
    });
  });
}
