import { ServiceProvider } from './service-provider.js';
import type { ServiceFactory, ServiceLifetime, ServiceRegistration } from './service-registration.js';
import type { ServiceToken } from './service-token.js';

export type { ServiceFactory, ServiceLifetime, ServiceRegistration } from './service-registration.js';

/**
 * The list of registrations a program builds before it runs. The three rules the
 * subsystems are written with:
 * - `add…` appends; when a service is registered several times, **the last
 *   registration wins** for `get`, and `getAll` returns them all in order.
 * - `tryAdd…` registers only when **nothing is registered yet**: a subsystem
 *   "supplies, when the host has not", so calling it never overrides the host.
 * - `replace…` removes every registration of the service, then adds this one.
 */
export class ServiceCollection {
  readonly #registrations: ServiceRegistration[] = [];

  add<T>(token: ServiceToken<T>, lifetime: ServiceLifetime, factory: ServiceFactory<T>): this {
    this.#registrations.push({ token, lifetime, factory, owned: true } as ServiceRegistration);
    return this;
  }

  tryAdd<T>(token: ServiceToken<T>, lifetime: ServiceLifetime, factory: ServiceFactory<T>): this {
    return this.has(token) ? this : this.add(token, lifetime, factory);
  }

  replace<T>(token: ServiceToken<T>, lifetime: ServiceLifetime, factory: ServiceFactory<T>): this {
    this.remove(token);
    return this.add(token, lifetime, factory);
  }

  addSingleton<T>(token: ServiceToken<T>, factory: ServiceFactory<T>): this {
    return this.add(token, 'singleton', factory);
  }

  addScoped<T>(token: ServiceToken<T>, factory: ServiceFactory<T>): this {
    return this.add(token, 'scoped', factory);
  }

  addTransient<T>(token: ServiceToken<T>, factory: ServiceFactory<T>): this {
    return this.add(token, 'transient', factory);
  }

  /** A ready-made singleton. The host owns it: the container never disposes it. */
  addInstance<T>(token: ServiceToken<T>, instance: T): this {
    this.#registrations.push({
      token,
      lifetime: 'singleton',
      factory: () => instance,
      owned: false,
    } as ServiceRegistration);
    return this;
  }

  tryAddSingleton<T>(token: ServiceToken<T>, factory: ServiceFactory<T>): this {
    return this.tryAdd(token, 'singleton', factory);
  }

  tryAddScoped<T>(token: ServiceToken<T>, factory: ServiceFactory<T>): this {
    return this.tryAdd(token, 'scoped', factory);
  }

  tryAddTransient<T>(token: ServiceToken<T>, factory: ServiceFactory<T>): this {
    return this.tryAdd(token, 'transient', factory);
  }

  tryAddInstance<T>(token: ServiceToken<T>, instance: T): this {
    return this.has(token) ? this : this.addInstance(token, instance);
  }

  has(token: ServiceToken<unknown>): boolean {
    return this.#registrations.some((registration) => registration.token === token);
  }

  /** Removes every registration of the service; true when there was one. */
  remove(token: ServiceToken<unknown>): boolean {
    const before = this.#registrations.length;
    for (let index = this.#registrations.length - 1; index >= 0; index--) {
      if (this.#registrations[index]?.token === token) this.#registrations.splice(index, 1);
    }
    return this.#registrations.length !== before;
  }

  /** The registrations of a service, oldest first. */
  registrationsOf<T>(token: ServiceToken<T>): readonly ServiceRegistration<T>[] {
    return this.#registrations.filter((registration) => registration.token === token) as ServiceRegistration<T>[];
  }

  /** Freezes the registrations into a provider; later changes to this collection do not affect it. */
  build(): ServiceProvider {
    return ServiceProvider.create([...this.#registrations]);
  }
}
