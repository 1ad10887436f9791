import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import {
  addAfterKickoffHook,
  addBeforeKickoffHook,
  addSvcKickoffHooks,
} from '../../src/hooks/add-svc-kickoff-hooks.js';
import { CrewKickoffHookRunner, CrewKickoffHookRunnerService } from '../../src/hooks/crew-kickoff-hook-runner.js';
import { KickoffHookError } from '../../src/hooks/kickoff-hook-errors.js';
import { LoggerService } from '../../src/logging/logger.js';
import { ServiceCollection } from '../../src/services/service-collection.js';

interface ReportCrew {
  readonly name: string;
  readonly topic: string;
}

const crew: ReportCrew = { name: 'reporters', topic: 'tides' };

function servicesWithLogs() {
  const logs = captureLogger();
  return { logs, services: new ServiceCollection().addInstance(LoggerService, logs.logger) };
}

describe('kickoff hooks', () => {
  it('run in ascending priority, equal priorities in registration order, with the crew they were given', async () => {
    const { services } = servicesWithLogs();
    const ran: string[] = [];
    const hook = (name: string, priority?: number) => ({
      name,
      ...(priority === undefined ? {} : { priority }),
      execute: (given: ReportCrew) => {
        ran.push(`${name}:${given.topic}`);
      },
    });
    addBeforeKickoffHook(services, hook('late', 10));
    addBeforeKickoffHook(services, hook('default-first'));
    addBeforeKickoffHook(services, hook('early', -5));
    addBeforeKickoffHook(services, hook('default-second', 0));
    addBeforeKickoffHook(services, hook('late-second', 10));

    const runner = services.build().get(CrewKickoffHookRunnerService);
    await runner.runBeforeKickoff(crew);
    expect(ran).toEqual([
      'early:tides',
      'default-first:tides',
      'default-second:tides',
      'late:tides',
      'late-second:tides',
    ]);
  });

  it('after-kickoff hooks receive the crew and the result, and await async work', async () => {
    const { services } = servicesWithLogs();
    const seen: string[] = [];
    addAfterKickoffHook<ReportCrew, { output: string }>(services, {
      name: 'publish',
      priority: 2,
      execute: async (given, result) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(`publish ${given.name}: ${result.output}`);
      },
    });
    addAfterKickoffHook<ReportCrew, { output: string }>(services, {
      name: 'audit',
      priority: 1,
      execute: (given, result) => {
        seen.push(`audit ${given.topic}: ${result.output}`);
      },
    });
    const runner = services.build().get(CrewKickoffHookRunnerService);
    await runner.runBeforeKickoff(crew);
    await runner.runAfterKickoff(crew, { output: 'high tide at noon' });
    expect(seen).toEqual(['audit tides: high tide at noon', 'publish reporters: high tide at noon']);
  });

  it('a failing hook stops the run with an error naming the hook; later hooks do not run', async () => {
    const { services } = servicesWithLogs();
    const ran: string[] = [];
    addBeforeKickoffHook(services, { name: 'first', execute: () => void ran.push('first') });
    addBeforeKickoffHook(services, {
      name: 'check-budget',
      priority: 1,
      execute: async () => {
        throw new Error('budget exhausted');
      },
    });
    addBeforeKickoffHook(services, { name: 'never', priority: 2, execute: () => void ran.push('never') });

    const failure = await services
      .build()
      .get(CrewKickoffHookRunnerService)
      .runBeforeKickoff(crew)
      .catch((error: unknown) => error);
    expect(KickoffHookError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      code: 'KICKOFF_HOOK_FAILED',
      hookName: 'check-budget',
      details: { stage: 'before', hook: 'check-budget', crew: 'reporters' },
    });
    expect((failure as Error).message).toContain(
      "before-kickoff hook 'check-budget' failed for crew 'reporters': budget exhausted",
    );
    expect((failure as Error).message).toContain('continueOnError: true');
    expect((failure as Error).cause).toBeInstanceOf(Error);
    expect(ran).toEqual(['first']);
  });

  it('with continueOnError the failure is logged and the next hook runs', async () => {
    const { services, logs } = servicesWithLogs();
    const ran: string[] = [];
    addAfterKickoffHook(services, {
      name: 'notify-chat',
      continueOnError: true,
      execute: () => {
        throw new Error('chat is down');
      },
    });
    addAfterKickoffHook(services, { name: 'archive', priority: 1, execute: () => void ran.push('archive') });

    await services.build().get(CrewKickoffHookRunnerService).runAfterKickoff(crew, 'result');
    expect(ran).toEqual(['archive']);
    const errors = logs.records().filter((record) => record.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ hook: 'notify-chat', crew: 'reporters', stage: 'after' });
    expect(String(errors[0]?.msg)).toContain("'notify-chat' failed");
    expect(JSON.stringify(errors[0]?.err)).toContain('chat is down');
  });

  it('addSvcKickoffHooks alone gives a runner with no hooks, and keeps a runner the host registered', async () => {
    const { services, logs } = servicesWithLogs();
    const runner = addSvcKickoffHooks(services).build().get(CrewKickoffHookRunnerService);
    await expect(runner.runBeforeKickoff(crew)).resolves.toBeUndefined();
    await expect(runner.runAfterKickoff(crew, 42)).resolves.toBeUndefined();

    const hosts = new CrewKickoffHookRunner({ logger: logs.logger });
    const custom = new ServiceCollection().addInstance(CrewKickoffHookRunnerService, hosts);
    addBeforeKickoffHook(custom, { name: 'ignored-by-host-runner', execute: () => undefined });
    expect(custom.build().get(CrewKickoffHookRunnerService)).toBe(hosts);
  });

  it('nothing runs a hook until the host calls the runner', async () => {
    const { services } = servicesWithLogs();
    let calls = 0;
    addBeforeKickoffHook(services, { name: 'counter', execute: () => void calls++ });
    const provider = services.build();
    provider.get(CrewKickoffHookRunnerService);
    expect(calls).toBe(0);
    await provider.get(CrewKickoffHookRunnerService).runBeforeKickoff(crew);
    expect(calls).toBe(1);
  });

  it('refuses a hook without a name or with a priority that is not finite', () => {
    const services = new ServiceCollection();
    expect(() => addBeforeKickoffHook(services, { name: ' ', execute: () => undefined })).toThrow(
      expect.objectContaining({ code: 'KICKOFF_HOOK_INVALID' }),
    );
    expect(() =>
      addAfterKickoffHook(services, { name: 'nan', priority: Number.NaN, execute: () => undefined }),
    ).toThrow(/priority NaN; use a finite number/);
    expect(services.has(CrewKickoffHookRunnerService)).toBe(false);
  });
});
