// The service container against awilix, the most used DI container for Node.js:
// resolving a singleton, a scoped service in a fresh scope, and a transient with a
// dependency.
import { asFunction, createContainer, InjectionMode } from 'awilix';
import { ServiceCollection, serviceToken } from '../packages/core/src/index.js';
import type { BenchmarkGroup } from './benchmark-group.js';

interface Clock {
  now(): number;
}
interface Greeter {
  clock: Clock;
}
const Clock = serviceToken<Clock>('Clock');
const Greeter = serviceToken<Greeter>('Greeter');

const ours = new ServiceCollection()
  .addSingleton(Clock, () => ({ now: () => 1 }))
  .addScoped(Greeter, (services) => ({ clock: services.get(Clock) }))
  .build();
const oursTransient = new ServiceCollection()
  .addSingleton(Clock, () => ({ now: () => 1 }))
  .addTransient(Greeter, (services) => ({ clock: services.get(Clock) }))
  .build();

const awilix = createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
awilix.register({
  clock: asFunction(() => ({ now: () => 1 })).singleton(),
  greeter: asFunction(({ clock }: { clock: Clock }) => ({ clock })).scoped(),
});
const awilixTransient = createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
awilixTransient.register({
  clock: asFunction(() => ({ now: () => 1 })).singleton(),
  greeter: asFunction(({ clock }: { clock: Clock }) => ({ clock })).transient(),
});

export const servicesBenchmarks: BenchmarkGroup = {
  title: 'Service container',
  anchor: 'awilix 13',
  notes: 'Scopes are one per A2A request and transients are built per tool call, so those two paths matter most.',
  cases: [
    { name: 'resolve a singleton', ours: () => ours.get(Clock), anchor: () => awilix.resolve('clock') },
    {
      name: 'new scope + scoped service + dispose',
      ours: async () => {
        const scope = ours.createScope();
        scope.get(Greeter);
        await scope.dispose();
      },
      anchor: async () => {
        const scope = awilix.createScope();
        scope.resolve('greeter');
        await scope.dispose();
      },
    },
    {
      name: 'transient with a dependency',
      ours: () => oursTransient.get(Greeter),
      anchor: () => awilixTransient.resolve('greeter'),
    },
  ],
};
