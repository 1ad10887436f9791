import {
  ServiceCollection,
  type ServiceFactory,
  type ServiceLifetime,
  type ServiceProvider,
  type ServiceRegistration,
  type ServiceToken,
} from '@orkeon/core';
import { PluginServicesBuildError } from './plugin-errors.js';
import { sharedToken } from './shared-service-tokens.js';

/**
 * The services one plugin registers in. It reads like the host's collection (`has`,
 * `tryAdd` and `registrationsOf` see the host's registrations), but its changes reach the
 * host only through `commit()`, after `configureServices` has finished: a plugin that
 * throws half-way leaves nothing behind. Tokens of another copy of `@orkeon/core` are
 * swapped for the host's (`sharedToken`).
 *
 * The base class's helpers (`addSingleton`, `tryAdd`, `replace`, …) call the methods
 * overridden here, so every way of registering is staged.
 */
export class StagedServiceCollection extends ServiceCollection {
  readonly #host: ServiceCollection;
  readonly #changes: ((host: ServiceCollection) => void)[] = [];
  readonly #added: ServiceRegistration[] = [];
  /** Tokens whose host registrations this stage removed. */
  readonly #removed = new Set<ServiceToken<unknown>>();

  constructor(host: ServiceCollection) {
    super();
    this.#host = host;
  }

  override add<T>(token: ServiceToken<T>, lifetime: ServiceLifetime, factory: ServiceFactory<T>): this {
    const shared = sharedToken(token);
    this.#added.push({ token: shared, lifetime, factory, owned: true } as ServiceRegistration);
    this.#changes.push((host) => host.add(shared, lifetime, factory));
    return this;
  }

  override addInstance<T>(token: ServiceToken<T>, instance: T): this {
    const shared = sharedToken(token);
    this.#added.push({
      token: shared,
      lifetime: 'singleton',
      factory: () => instance,
      owned: false,
    } as ServiceRegistration);
    this.#changes.push((host) => host.addInstance(shared, instance));
    return this;
  }

  override has(token: ServiceToken<unknown>): boolean {
    return this.registrationsOf(token).length > 0;
  }

  override remove(token: ServiceToken<unknown>): boolean {
    const shared = sharedToken(token);
    const had = this.has(shared);
    this.#removed.add(shared);
    for (let index = this.#added.length - 1; index >= 0; index--)
      if (this.#added[index]?.token === shared) this.#added.splice(index, 1);
    this.#changes.push((host) => host.remove(shared));
    return had;
  }

  override registrationsOf<T>(token: ServiceToken<T>): readonly ServiceRegistration<T>[] {
    const shared = sharedToken(token);
    const fromHost = this.#removed.has(shared) ? [] : this.#host.registrationsOf(shared);
    const staged = this.#added.filter((registration) => registration.token === shared) as ServiceRegistration<T>[];
    return [...fromHost, ...staged];
  }

  override build(): ServiceProvider {
    throw new PluginServicesBuildError();
  }

  /** Applies the staged changes to the host's collection, in the order they were made. */
  commit(): void {
    for (const change of this.#changes) change(this.#host);
  }
}
