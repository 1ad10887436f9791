import { describe, expect, it } from 'vitest';
import {
  OrkeonError,
  ServiceCollection,
  ServiceNotRegisteredError,
  ServiceResolutionError,
  serviceToken,
} from '../../src/index.js';

interface Greeter {
  greet(): string;
}
const Greeter = serviceToken<Greeter>('Greeter');
const greeter = (text: string): Greeter => ({ greet: () => text });

class Tracked implements AsyncDisposable {
  static log: string[] = [];
  disposed = false;
  constructor(readonly name: string) {}
  async [Symbol.asyncDispose](): Promise<void> {
    this.disposed = true;
    Tracked.log.push(this.name);
  }
}

describe('registration rules', () => {
  it('registered by default: a registration made by the core is what get returns', () => {
    const services = new ServiceCollection().addSingleton(Greeter, () => greeter('default'));
    expect(services.build().get(Greeter).greet()).toBe('default');
  });

  it('last registration wins for get, and getAll returns every registration in order', () => {
    const services = new ServiceCollection()
      .addSingleton(Greeter, () => greeter('first'))
      .addSingleton(Greeter, () => greeter('second'));
    const provider = services.build();
    expect(provider.get(Greeter).greet()).toBe('second');
    expect(provider.getAll(Greeter).map((g) => g.greet())).toEqual(['first', 'second']);
  });

  it('tryAdd supplies only when the host has not', () => {
    const hostFirst = new ServiceCollection()
      .addSingleton(Greeter, () => greeter('host'))
      .tryAddSingleton(Greeter, () => greeter('subsystem'));
    expect(hostFirst.build().get(Greeter).greet()).toBe('host');
    expect(hostFirst.registrationsOf(Greeter)).toHaveLength(1);

    const nothingYet = new ServiceCollection().tryAddSingleton(Greeter, () => greeter('subsystem'));
    expect(nothingYet.build().get(Greeter).greet()).toBe('subsystem');
  });

  it('a host registration made after the subsystem wins (last registration)', () => {
    const services = new ServiceCollection()
      .tryAddSingleton(Greeter, () => greeter('subsystem'))
      .addSingleton(Greeter, () => greeter('custom'));
    expect(services.build().get(Greeter).greet()).toBe('custom');
  });

  it('replace removes every earlier registration', () => {
    const services = new ServiceCollection()
      .addSingleton(Greeter, () => greeter('a'))
      .addSingleton(Greeter, () => greeter('b'))
      .replace(Greeter, 'transient', () => greeter('c'));
    expect(
      services
        .build()
        .getAll(Greeter)
        .map((g) => g.greet()),
    ).toEqual(['c']);
  });

  it('a built provider does not see later changes to the collection', () => {
    const services = new ServiceCollection().addSingleton(Greeter, () => greeter('a'));
    const provider = services.build();
    services.addSingleton(Greeter, () => greeter('b'));
    expect(provider.get(Greeter).greet()).toBe('a');
  });
});

describe('lifetimes and scopes', () => {
  const Counter = serviceToken<{ id: number }>('Counter');

  it('singleton: one instance for the root and every scope', () => {
    let next = 0;
    const provider = new ServiceCollection().addSingleton(Counter, () => ({ id: next++ })).build();
    const scope = provider.createScope();
    expect(provider.get(Counter)).toBe(scope.get(Counter));
    expect(provider.createScope().get(Counter).id).toBe(0);
  });

  it('scoped: one instance per scope, refused from the root', () => {
    let next = 0;
    const provider = new ServiceCollection().addScoped(Counter, () => ({ id: next++ })).build();
    const a = provider.createScope();
    const b = provider.createScope();
    expect(a.get(Counter)).toBe(a.get(Counter));
    expect(a.get(Counter)).not.toBe(b.get(Counter));
    expect(() => provider.get(Counter)).toThrow(/Scoped service 'Counter' cannot be resolved from the root provider/);
  });

  it('transient: a new instance each time', () => {
    let next = 0;
    const provider = new ServiceCollection().addTransient(Counter, () => ({ id: next++ })).build();
    expect(provider.get(Counter).id).toBe(0);
    expect(provider.get(Counter).id).toBe(1);
  });

  it('refuses a singleton that captures a scoped service', () => {
    const Holder = serviceToken<{ counter: { id: number } }>('Holder');
    const provider = new ServiceCollection()
      .addScoped(Counter, () => ({ id: 1 }))
      .addSingleton(Holder, (s) => ({ counter: s.get(Counter) }))
      .build();
    expect(() => provider.createScope().get(Holder)).toThrow(
      /Singleton 'Holder' depends on scoped service 'Counter', which would outlive its scope/,
    );
  });

  it('disposes what a scope created, newest first, and leaves singletons to the root', async () => {
    Tracked.log = [];
    const First = serviceToken<Tracked>('First');
    const Second = serviceToken<Tracked>('Second');
    const Shared = serviceToken<Tracked>('Shared');
    const provider = new ServiceCollection()
      .addSingleton(Shared, () => new Tracked('shared'))
      .addScoped(First, () => new Tracked('first'))
      .addTransient(Second, (s) => {
        s.get(First);
        return new Tracked('second');
      })
      .build();
    const scope = provider.createScope();
    scope.get(Second);
    const shared = scope.get(Shared);
    await scope.dispose();
    expect(Tracked.log).toEqual(['second', 'first']);
    expect(shared.disposed).toBe(false);
    expect(() => scope.get(First)).toThrow(/this scope was disposed/);
    await provider.dispose();
    expect(Tracked.log).toEqual(['second', 'first', 'shared']);
  });

  it('supports await using, sync disposers, and never disposes host-owned instances', async () => {
    const Sync = serviceToken<{ closed: boolean } & Disposable>('Sync');
    const Owned = serviceToken<Tracked>('Owned');
    const hostInstance = new Tracked('host');
    const provider = new ServiceCollection()
      .addScoped(Sync, () => {
        const value = { closed: false, [Symbol.dispose]: () => (value.closed = true) };
        return value;
      })
      .addInstance(Owned, hostInstance)
      .build();
    let sync: { closed: boolean } | undefined;
    {
      await using scope = provider.createScope();
      sync = scope.get(Sync);
      scope.get(Owned);
    }
    expect(sync.closed).toBe(true);
    await provider.dispose();
    expect(hostInstance.disposed).toBe(false);
  });

  it('disposes the rest when one disposer fails, then reports the failure', async () => {
    const Bad = serviceToken<AsyncDisposable>('Bad');
    const Good = serviceToken<Tracked>('Good');
    const provider = new ServiceCollection()
      .addSingleton(Good, () => new Tracked('good'))
      .addSingleton(Bad, () => ({
        [Symbol.asyncDispose]: async () => {
          throw new Error('boom');
        },
      }))
      .build();
    const good = provider.get(Good);
    provider.get(Bad);
    await expect(provider.dispose()).rejects.toThrow(/1 service\(s\) failed while being disposed/);
    expect(good.disposed).toBe(true);
  });
});

describe('errors', () => {
  it('names the missing service and who needed it', () => {
    const Client = serviceToken<object>('A2AClient');
    const Factory = serviceToken<object>('HttpClientFactory');
    const provider = new ServiceCollection().addSingleton(Client, (s) => ({ http: s.get(Factory) })).build();
    let caught: unknown;
    try {
      provider.get(Client);
    } catch (error) {
      caught = error;
    }
    expect(ServiceNotRegisteredError.isInstance(caught)).toBe(true);
    expect(OrkeonError.isInstance(caught)).toBe(true);
    expect((caught as OrkeonError).code).toBe('SERVICE_NOT_REGISTERED');
    expect((caught as Error).message).toMatch(
      /^No service 'HttpClientFactory' is registered \(needed by A2AClient\)\./,
    );
    expect(provider.tryGet(Factory)).toBeUndefined();
  });

  it('names a dependency cycle', () => {
    const A = serviceToken<object>('A');
    const B = serviceToken<object>('B');
    const provider = new ServiceCollection()
      .addSingleton(A, (s) => ({ b: s.get(B) }))
      .addSingleton(B, (s) => ({ a: s.get(A) }))
      .build();
    expect(() => provider.get(A)).toThrow(ServiceResolutionError);
    expect(() => provider.get(A)).toThrow(/cycle: A → B → A/);
  });

  it('tells services apart by token, not by name: two tokens named alike are no cycle', () => {
    const Inner = serviceToken<{ value: number }>('Settings');
    const Outer = serviceToken<{ value: number }>('Settings');
    const provider = new ServiceCollection()
      .addSingleton(Inner, () => ({ value: 1 }))
      .addSingleton(Outer, (s) => ({ value: s.get(Inner).value + 1 }))
      .build();
    expect(provider.get(Outer).value).toBe(2);
  });
});
