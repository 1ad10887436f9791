import { Configuration, DocumentStoreService, InMemoryDocumentStore, ServiceCollection } from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  A2APersistenceRequiresDocumentStoreError,
  A2AServerService,
  A2ASettingsService,
  A2ATaskRouterService,
  A2ATaskStoreService,
  AgentDirectory,
  AgentDirectoryService,
  type AgentRegistration,
  type AgentRepository,
  AgentRepositoryService,
  a2aSettings,
  addSvcA2A,
  addSvcA2ATaskPersistence,
  DomainEventDispatcherService,
  type HttpClientFactory,
  HttpClientFactoryService,
  SharedStoreAgentRepository,
  sharedAgentRegistrationStore,
  UnitOfWorkService,
} from '../../src/index.js';
import { postJson, requestJson, startTestHost, type TestHost } from '../server/a2a-test-host.js';

const quiet = { acknowledgeExperimental: true } as const;
const echo: AgentRegistration = {
  id: 'echo',
  name: 'Echo',
  description: 'Repeats',
  tags: ['echo'],
  kind: 'local',
  handler: async (request) => `echo: ${request.input}`,
};
let host: TestHost | undefined;

beforeEach(() => sharedAgentRegistrationStore.clear());
afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('addSvcA2A', () => {
  it('R1: nothing A2A exists until it is called', () => {
    const services = new ServiceCollection();
    for (const token of [
      A2ASettingsService,
      AgentRepositoryService,
      A2ATaskRouterService,
      AgentDirectoryService,
      A2AServerService,
    ]) {
      expect(services.has(token)).toBe(false);
    }
    addSvcA2A(services, () => {}, quiet);
    expect(services.has(AgentRepositoryService)).toBe(true);
    expect(services.has(A2ATaskRouterService)).toBe(true);
  });

  it('R1: binds the A2A section from configuration, or options in code, with defaults', () => {
    const fromConfig = new ServiceCollection();
    addSvcA2A(fromConfig, Configuration.fromObject({ A2A: { Port: 6001, Name: 'Configured' } }, [a2aSettings]), quiet);
    expect(fromConfig.build().get(A2ASettingsService)).toEqual({
      EnableServer: false,
      Host: 'localhost',
      Port: 6001,
      Peers: [],
      PeerCardKeys: {},
      CardSigning: {},
      Name: 'Configured',
      Description: 'Orkeon A2A Agent',
      Version: '1.0.0',
      BodyLimitBytes: 1048576,
      RequestTimeoutSeconds: 300,
      SpecificationRevision: '1.0.1',
      ServeV03: true,
      MaxTasksInMemory: 10_000,
      ShutdownGraceSeconds: 10,
      ExtendedCard: { Enabled: false, PrivateSkills: [] },
      Directory: { Shared: false },
      PushNotifications: {
        Enabled: true,
        AllowedHosts: [],
        TimeoutSeconds: 10,
        MaxAttempts: 5,
        RetryBaseDelaySeconds: 1,
        RetryMaxDelaySeconds: 30,
      },
    });
    const inCode = new ServiceCollection();
    addSvcA2A(
      inCode,
      (options) => {
        options.Port = 7001;
        options.EnableServer = true;
        options.PushNotifications = { AllowedHosts: ['hooks.internal'] };
      },
      quiet,
    );
    expect(inCode.build().get(A2ASettingsService)).toMatchObject({
      Port: 7001,
      EnableServer: true,
      Host: 'localhost',
      PushNotifications: { Enabled: true, AllowedHosts: ['hooks.internal'], MaxAttempts: 5 },
    });
  });

  it('R2: registers A2AServer only when EnableServer is true', () => {
    const off = new ServiceCollection();
    addSvcA2A(off, () => {}, quiet);
    expect(off.has(A2AServerService)).toBe(false);
    const on = new ServiceCollection();
    addSvcA2A(
      on,
      (options) => {
        options.EnableServer = true;
      },
      quiet,
    );
    expect(on.has(A2AServerService)).toBe(true);
  });

  it('R3: supplies the HTTP client factory, event dispatcher, unit of work and directory only where the host has not', async () => {
    const supplied = new ServiceCollection();
    addSvcA2A(supplied, () => {}, quiet);
    const provider = supplied.build();
    const scope = provider.createScope();
    expect(provider.get(HttpClientFactoryService).createClient('A2A')).toBe(
      provider.get(HttpClientFactoryService).createClient('A2A'),
    );
    const events: string[] = [];
    provider.get(DomainEventDispatcherService).subscribe('x', (event) => void events.push(event.type));
    await provider.get(DomainEventDispatcherService).dispatch({ type: 'x' });
    expect(events).toEqual(['x']);
    const unitOfWork = scope.get(UnitOfWorkService);
    expect(scope.get(UnitOfWorkService)).toBe(unitOfWork);
    expect(provider.createScope().get(UnitOfWorkService)).not.toBe(unitOfWork);
    let written = 0;
    unitOfWork.enlist(() => {
      written++;
    });
    expect(written).toBe(0);
    expect(await unitOfWork.commit()).toBe(1);
    expect(written).toBe(1);
    expect(provider.get(AgentDirectoryService)).toBeInstanceOf(AgentDirectory);
    await scope.dispose();
    await provider.dispose();

    const hostFactory: HttpClientFactory = {
      createClient: () => {
        throw new Error('host factory');
      },
    };
    const hosted = new ServiceCollection().addInstance(HttpClientFactoryService, hostFactory);
    addSvcA2A(hosted, () => {}, quiet);
    expect(hosted.registrationsOf(HttpClientFactoryService)).toHaveLength(1);
    expect(hosted.build().get(HttpClientFactoryService)).toBe(hostFactory);
  });

  it('R4: the pipeline directory and the router see the same process-wide agents, both ways', async () => {
    const services = new ServiceCollection();
    addSvcA2A(services, () => {}, quiet);
    const provider = services.build();
    provider.get(AgentDirectoryService).register(echo);
    const scope = provider.createScope();
    const result = await scope
      .get(A2ATaskRouterService)
      .routeTask({ id: 't', skillId: 'echo', input: 'hi', inputMode: 'text/plain' }, new AbortController().signal);
    expect(result).toMatchObject({ status: 'Completed', output: 'echo: hi' });
    sharedAgentRegistrationStore.save({ ...echo, id: 'added-by-store' });
    expect(new AgentDirectory().get('added-by-store')?.id).toBe('added-by-store');
    expect((await scope.get(AgentRepositoryService).getAvailableAgents()).map((agent) => agent.id)).toEqual([
      'echo',
      'added-by-store',
    ]);
    await scope.dispose();
  });

  it('R4: the repository is created once per A2A request (scoped)', async () => {
    let constructions = 0;
    let disposals = 0;
    new AgentDirectory().register(echo);
    host = await startTestHost({
      after: (services) =>
        services.addScoped(AgentRepositoryService, () => {
          constructions++;
          const inner = new SharedStoreAgentRepository(sharedAgentRegistrationStore);
          return Object.assign(inner, {
            [Symbol.dispose]: () => {
              disposals++;
            },
          });
        }),
    });
    expect(constructions).toBe(0);
    await postJson(`${host.url}/a2a/tasks/send`, { skillId: 'echo', input: 'a' });
    await postJson(`${host.url}/a2a/tasks/send`, { skillId: 'echo', input: 'b' });
    await requestJson('GET', `${host.url}/.well-known/agent.json`);
    expect(constructions).toBe(3);
    expect(disposals).toBe(3);
  });

  it('R5: a custom repository registered before the extension is left untouched', async () => {
    const custom: AgentRepository = {
      getById: async (id) =>
        id === 'custom' ? { ...echo, id: 'custom', handler: async () => 'from custom' } : undefined,
      getAvailableAgents: async () => [{ ...echo, id: 'custom' }],
    };
    new AgentDirectory().register(echo);
    host = await startTestHost({ before: (services) => services.addScoped(AgentRepositoryService, () => custom) });
    const registrations = host.provider.createScope();
    expect(registrations.get(AgentRepositoryService)).toBe(custom);
    await registrations.dispose();
    expect((await postJson(`${host.url}/a2a/tasks/send`, { skillId: 'custom', input: 'x' })).body.output).toBe(
      'from custom',
    );
    expect((await postJson(`${host.url}/a2a/tasks/send`, { skillId: 'echo', input: 'x' })).body.status).toBe('Failed');
  });

  it('R5: a custom repository registered after the extension wins (last registration)', async () => {
    const custom: AgentRepository = {
      getById: async () => undefined,
      getAvailableAgents: async () => [{ ...echo, id: 'late-custom' }],
    };
    new AgentDirectory().register(echo);
    host = await startTestHost({ after: (services) => services.addScoped(AgentRepositoryService, () => custom) });
    const card = await requestJson('GET', `${host.url}/.well-known/agent.json`);
    expect((card.body.skills as { id: string }[]).map((skill) => skill.id)).toEqual(['late-custom']);
  });

  it('R6: task persistence refuses to be added without a DocumentStore, and works with one', async () => {
    const without = new ServiceCollection();
    addSvcA2A(without, () => {}, quiet);
    expect(() => addSvcA2ATaskPersistence(without)).toThrow(A2APersistenceRequiresDocumentStoreError);
    expect(() => addSvcA2ATaskPersistence(without)).toThrow(/DocumentStore registered first/);
    const withStore = new ServiceCollection().addInstance(DocumentStoreService, new InMemoryDocumentStore());
    addSvcA2A(withStore, () => {}, quiet);
    addSvcA2ATaskPersistence(withStore);
    expect(withStore.build().get(A2ATaskStoreService)).toBeDefined();
  });

  it('logs one SVCEXP001 warning unless the host acknowledges the experimental surface', () => {
    const logs = captureLogger();
    addSvcA2A(new ServiceCollection(), () => {}, { logger: logs.logger });
    const warnings = logs.records().filter((record) => record.level === 40);
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.msg)).toContain('SVCEXP001');
    const silent = captureLogger();
    addSvcA2A(new ServiceCollection(), () => {}, { logger: silent.logger, acknowledgeExperimental: true });
    expect(silent.records()).toHaveLength(0);
  });
});
