import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import { ServiceNotRegisteredError, ServiceResolutionError } from './service-errors.js';
import type { ServiceRegistration, ServiceResolver } from './service-registration.js';
import type { ServiceToken } from './service-token.js';

export type { ServiceResolver } from './service-registration.js';

interface RootState {
  readonly registrations: ReadonlyMap<ServiceToken<unknown>, readonly ServiceRegistration[]>;
  readonly singletons: Map<ServiceRegistration, unknown>;
}

/**
 * One service being built, linked to the one that asked for it: the chain is walked
 * to find cycles and to say who needed a missing service. A linked list keeps the
 * hot path free of array copies.
 */
interface ResolutionContext {
  /** Cycles are found by token identity: two tokens may share a name and still be two services. */
  readonly token: ServiceToken<unknown> | undefined;
  readonly name: string;
  readonly parent: ResolutionContext | undefined;
  readonly insideSingleton: boolean;
}

const rootContext: ResolutionContext = { token: undefined, name: '', parent: undefined, insideSingleton: false };

function chainOf(context: ResolutionContext): string[] {
  const names: string[] = [];
  for (let at: ResolutionContext | undefined = context; at !== undefined && at !== rootContext; at = at.parent) {
    names.unshift(at.name);
  }
  return names;
}

function isBeingBuilt(context: ResolutionContext, token: ServiceToken<unknown>): boolean {
  for (let at: ResolutionContext | undefined = context; at !== undefined; at = at.parent) {
    if (at.token === token) return true;
  }
  return false;
}

/** The resolver a factory receives: resolves within the resolution that called the factory. */
class FactoryResolver implements ServiceResolver {
  constructor(
    private readonly provider: ServiceProvider,
    private readonly context: ResolutionContext,
    private readonly resolveIn: (token: ServiceToken<unknown>, context: ResolutionContext, all: boolean) => unknown,
  ) {}

  get<T>(token: ServiceToken<T>): T {
    return this.resolveIn(token, this.context, false) as T;
  }

  tryGet<T>(token: ServiceToken<T>): T | undefined {
    return this.provider.isRegistered(token) ? this.get(token) : undefined;
  }

  getAll<T>(token: ServiceToken<T>): T[] {
    return this.resolveIn(token, this.context, true) as T[];
  }
}

/**
 * Builds and hands out services. The root provider holds singletons; each
 * `createScope()` holds its own scoped instances (one per request, say). Disposing a
 * provider disposes, newest first, the instances it created that have
 * `Symbol.asyncDispose` or `Symbol.dispose`.
 */
export class ServiceProvider implements ServiceResolver, AsyncDisposable {
  readonly #root: RootState;
  readonly #isRoot: boolean;
  /** Created on first use: many scopes (one per request) resolve no scoped service at all. */
  #scoped: Map<ServiceRegistration, unknown> | undefined;
  readonly #created: unknown[] = [];
  /** For scopes: the root provider, which owns singletons. */
  #rootProvider: ServiceProvider | undefined;
  #disposed = false;

  private constructor(root: RootState, isRoot: boolean) {
    this.#root = root;
    this.#isRoot = isRoot;
  }

  static create(registrations: readonly ServiceRegistration[]): ServiceProvider {
    const byToken = new Map<ServiceToken<unknown>, ServiceRegistration[]>();
    for (const registration of registrations) {
      const list = byToken.get(registration.token) ?? [];
      list.push(registration);
      byToken.set(registration.token, list);
    }
    return new ServiceProvider({ registrations: byToken, singletons: new Map() }, true);
  }

  get<T>(token: ServiceToken<T>): T {
    return this.#get(token, rootContext);
  }

  tryGet<T>(token: ServiceToken<T>): T | undefined {
    return this.isRegistered(token) ? this.get(token) : undefined;
  }

  getAll<T>(token: ServiceToken<T>): T[] {
    return this.#getAll(token, rootContext);
  }

  isRegistered(token: ServiceToken<unknown>): boolean {
    return (this.#root.registrations.get(token)?.length ?? 0) > 0;
  }

  /** A child provider with its own scoped instances; dispose it when the unit of work ends. */
  createScope(): ServiceProvider {
    this.#assertUsable('create a scope');
    const scope = new ServiceProvider(this.#root, false);
    scope.#rootProvider = this.#isRoot ? this : this.#rootProvider;
    return scope;
  }

  dispose(): Promise<void> {
    if (this.#disposed) return Promise.resolve();
    this.#disposed = true;
    this.#scoped = undefined;
    if (this.#isRoot) this.#root.singletons.clear();
    // Most scopes hold nothing disposable: settle at once, without an async frame per scope.
    if (this.#created.length === 0) return Promise.resolve();
    return this.#disposeCreated();
  }

  async #disposeCreated(): Promise<void> {
    const failures: unknown[] = [];
    for (const instance of this.#created.reverse()) {
      try {
        await disposeInstance(instance);
      } catch (error) {
        failures.push(error);
      }
    }
    this.#created.length = 0;
    if (failures.length > 0) {
      throw new OrkeonError<CoreErrorCode>(
        'SERVICE_DISPOSAL_FAILED',
        `${failures.length} service(s) failed while being disposed; the others were disposed. See the cause.`,
        { cause: new AggregateError(failures) },
      );
    }
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.dispose();
  }

  readonly #resolveFor = (token: ServiceToken<unknown>, context: ResolutionContext, all: boolean): unknown =>
    all ? this.#getAll(token, context) : this.#get(token, context);

  #get<T>(token: ServiceToken<T>, context: ResolutionContext): T {
    const registrations = this.#root.registrations.get(token);
    const last = registrations?.at(-1);
    if (last === undefined) throw new ServiceNotRegisteredError(token.name, chainOf(context));
    return this.#resolve(last as ServiceRegistration<T>, context);
  }

  #getAll<T>(token: ServiceToken<T>, context: ResolutionContext): T[] {
    const registrations = (this.#root.registrations.get(token) ?? []) as readonly ServiceRegistration<T>[];
    return registrations.map((registration) => this.#resolve(registration, context));
  }

  #resolve<T>(registration: ServiceRegistration<T>, context: ResolutionContext): T {
    const name = registration.token.name;
    if (this.#disposed) this.#assertUsable(`resolve '${name}'`);
    const token = registration.token as ServiceToken<unknown>;
    if (isBeingBuilt(context, token)) {
      throw new ServiceResolutionError(
        `Services depend on each other in a cycle: ${[...chainOf(context), name].join(' → ')}. Break the cycle, e.g. by resolving one of them lazily.`,
        name,
      );
    }
    const requester = context.name;
    switch (registration.lifetime) {
      case 'singleton': {
        const singletons = this.#root.singletons;
        if (singletons.has(registration)) return singletons.get(registration) as T;
        const owner = this.#isRoot ? this : (this.#rootProvider ?? this);
        const instance = owner.#build(registration, { token, name, parent: context, insideSingleton: true });
        singletons.set(registration, instance);
        return instance;
      }
      case 'scoped': {
        if (context.insideSingleton) {
          throw new ServiceResolutionError(
            `Singleton '${requester}' depends on scoped service '${name}', which would outlive its scope. Make '${requester}' scoped, or '${name}' a singleton.`,
            name,
          );
        }
        if (this.#isRoot) {
          throw new ServiceResolutionError(
            `Scoped service '${name}' cannot be resolved from the root provider. Create a scope with provider.createScope() and resolve it there.`,
            name,
          );
        }
        if (this.#scoped === undefined) this.#scoped = new Map();
        const scoped = this.#scoped;
        if (scoped.has(registration)) return scoped.get(registration) as T;
        const instance = this.#build(registration, { token, name, parent: context, insideSingleton: false });
        scoped.set(registration, instance);
        return instance;
      }
      case 'transient': {
        const owner = context.insideSingleton && !this.#isRoot ? (this.#rootProvider ?? this) : this;
        return owner.#build(registration, { token, name, parent: context, insideSingleton: context.insideSingleton });
      }
    }
  }

  #build<T>(registration: ServiceRegistration<T>, context: ResolutionContext): T {
    const instance = registration.factory(new FactoryResolver(this, context, this.#resolveFor));
    if (registration.owned && isDisposable(instance)) this.#created.push(instance);
    return instance;
  }

  #assertUsable(action: string): void {
    if (this.#disposed) {
      throw new ServiceResolutionError(
        `Cannot ${action}: this ${this.#isRoot ? 'service provider' : 'scope'} was disposed. Create a new scope for new work.`,
        action,
      );
    }
  }
}

function isDisposable(value: unknown): boolean {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const candidate = value as Partial<AsyncDisposable & Disposable>;
  return typeof candidate[Symbol.asyncDispose] === 'function' || typeof candidate[Symbol.dispose] === 'function';
}

async function disposeInstance(value: unknown): Promise<void> {
  const candidate = value as Partial<AsyncDisposable & Disposable>;
  const disposeAsync = candidate[Symbol.asyncDispose];
  const disposeSync = candidate[Symbol.dispose];
  if (typeof disposeAsync === 'function') await disposeAsync.call(candidate);
  else if (typeof disposeSync === 'function') disposeSync.call(candidate);
}
