import { createLogger, LoggerService } from '../logging/logger.js';
import type { ServiceCollection } from '../services/service-collection.js';
import { CrewKickoffHookRunner, CrewKickoffHookRunnerService } from './crew-kickoff-hook-runner.js';
import {
  type AfterKickoffHook,
  AfterKickoffHookService,
  type BeforeKickoffHook,
  BeforeKickoffHookService,
  type KickoffCrew,
} from './kickoff-hook.js';
import { InvalidKickoffHookError } from './kickoff-hook-errors.js';

/**
 * Registers the `CrewKickoffHookRunner` (experimental), when the host has not, over
 * every hook registered with `addBeforeKickoffHook` / `addAfterKickoffHook`. The
 * host calls the runner; the crew's kickoff does not.
 */
export function addSvcKickoffHooks(services: ServiceCollection): ServiceCollection {
  return services.tryAddSingleton(
    CrewKickoffHookRunnerService,
    (resolver) =>
      new CrewKickoffHookRunner({
        beforeHooks: resolver.getAll(BeforeKickoffHookService),
        afterHooks: resolver.getAll(AfterKickoffHookService),
        logger: resolver.tryGet(LoggerService) ?? createLogger(),
      }),
  );
}

/** Adds a hook that runs before kickoff (and registers the runner if needed). */
export function addBeforeKickoffHook<TCrew extends KickoffCrew = KickoffCrew>(
  services: ServiceCollection,
  hook: BeforeKickoffHook<TCrew>,
): ServiceCollection {
  assertValidHook(hook);
  return addSvcKickoffHooks(services.addInstance(BeforeKickoffHookService, hook));
}

/** Adds a hook that runs after kickoff, with its result (and registers the runner if needed). */
export function addAfterKickoffHook<TCrew extends KickoffCrew = KickoffCrew, TResult = unknown>(
  services: ServiceCollection,
  hook: AfterKickoffHook<TCrew, TResult>,
): ServiceCollection {
  assertValidHook(hook);
  return addSvcKickoffHooks(services.addInstance(AfterKickoffHookService, hook));
}

function assertValidHook(hook: { readonly name: string; readonly priority?: number; execute: unknown }): void {
  if (typeof hook.name !== 'string' || hook.name.trim().length === 0)
    throw new InvalidKickoffHookError('give it a name');
  if (hook.priority !== undefined && !Number.isFinite(hook.priority)) {
    throw new InvalidKickoffHookError(`hook '${hook.name}' has priority ${hook.priority}; use a finite number`);
  }
  if (typeof hook.execute !== 'function')
    throw new InvalidKickoffHookError(`hook '${hook.name}' has no execute function`);
}
