import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { Configuration } from '../../src/config/configuration.js';
import { coreSettingsSections } from '../../src/core-settings-sections.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import { addDocumentStore } from '../../src/documents/add-document-store.js';
import { InMemoryDocumentStore } from '../../src/documents/in-memory-document-store.js';
import { CrewExecutionStateManagerService } from '../../src/execution-state/crew-execution-state-manager.js';
import { addLlmConsoleStreaming } from '../../src/llm/console-streaming.js';
import { LoggerService } from '../../src/logging/logger.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { TelemetryExporterService, VirtualFileSystemService } from '../../src/runtime/runtime-services.js';
import { ServiceCollection } from '../../src/services/service-collection.js';
import { VirtualFileSystem } from '../../src/vfs/virtual-file-system.js';
import { scriptedModel, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();

const crew = defineCrew({
  name: 'solo',
  agents: [{ id: 'w', role: 'W', goal: 'g' }],
  tasks: [{ id: 't', description: 'T', expectedOutput: 't', agent: 'w' }],
});

function sink() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('the runtime honours settings-driven and host registrations', () => {
  it('Svc:ExecutionState:Persistence records each crew run’s execution state in the registered DocumentStore', async () => {
    context.server.enqueue({ text: 'DONE' });
    const documents = new InMemoryDocumentStore();
    const configuration = Configuration.fromObject(
      { Svc: { ExecutionState: { Persistence: { Enabled: true } } } },
      coreSettingsSections,
    );
    const services = addDocumentStore(new ServiceCollection(), documents);
    await using runtime = await createRuntime({
      configuration,
      services,
      model: scriptedModel(context.server),
      logger: captureLogger().logger,
    });
    const result = await runtime.run(crew);
    const state = await runtime.services.get(CrewExecutionStateManagerService).getState(result.sessionId);
    expect(state).toMatchObject({ crewId: 'solo', status: 'Completed', output: 'DONE' });
    expect((await documents.list('crew-executions')).map((entry) => entry.key)).toEqual([result.sessionId]);
  });

  it('without that setting no execution state is kept', async () => {
    context.server.enqueue({ text: 'DONE' });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: captureLogger().logger });
    await runtime.run(crew);
    expect(runtime.services.tryGet(CrewExecutionStateManagerService)).toBeUndefined();
  });

  it('a console streaming sink (Svc:Cli:ConsoleStreaming) receives the streamed model text', async () => {
    context.server.enqueue({ text: 'streamed words arrive', chunks: ['streamed ', 'words ', 'arrive'] });
    const output = sink();
    const configuration = Configuration.fromObject(
      { Svc: { Cli: { ConsoleStreaming: { Enabled: true } } } },
      coreSettingsSections,
    );
    const services = addLlmConsoleStreaming(new ServiceCollection(), configuration, output.stream);
    await using runtime = await createRuntime({
      configuration,
      services,
      model: scriptedModel(context.server),
      logger: captureLogger().logger,
    });
    await runtime.run({ id: 'a', role: 'A', goal: 'g' }, 'hi');
    expect(output.text()).toBe('streamed words arrive');
  });

  it('a registered telemetry exporter is flushed when the runtime is disposed', async () => {
    let shutdowns = 0;
    const services = new ServiceCollection().addInstance(TelemetryExporterService, {
      shutdown: async () => {
        shutdowns++;
      },
    });
    const runtime = await createRuntime({
      services,
      model: scriptedModel(context.server),
      logger: captureLogger().logger,
    });
    expect(shutdowns).toBe(0);
    await runtime.dispose();
    await runtime.dispose();
    expect(shutdowns).toBe(1);
  });

  it('a host’s own file system replaces the runtime’s, and deliverables land in it', async () => {
    context.server.enqueue({ text: 'REPORT' });
    const vfs = await VirtualFileSystem.create([`${context.folder}:/reports:rw`]);
    const services = new ServiceCollection().addInstance(VirtualFileSystemService, vfs);
    await using runtime = await createRuntime({
      services,
      model: scriptedModel(context.server),
      logger: captureLogger().logger,
    });
    expect(runtime.vfs).toBe(vfs);
    const withDeliverable = defineCrew({
      name: 'r',
      agents: [{ id: 'w', role: 'W', goal: 'g' }],
      tasks: [{ id: 't', description: 'T', expectedOutput: 't', agent: 'w', deliverable: { path: '/reports/r.md' } }],
    });
    await runtime.run(withDeliverable);
    expect(await readFile(join(context.folder, 'r.md'), 'utf8')).toBe('REPORT');
  });

  it('a registered logger is the one every part logs to', async () => {
    const capture = captureLogger();
    const services = new ServiceCollection().addInstance(LoggerService, capture.logger);
    await using runtime = await createRuntime({ services });
    expect(runtime.logger).toBe(capture.logger);
  });
});
