import {
  Configuration,
  coreSettingsSections,
  EventHubError,
  EventHubService,
  type EventHubStage,
  ServiceCollection,
  settingsFromArguments,
} from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import {
  addSvcEventHub,
  addSvcEventHubValidation,
  createValidationStage,
  EventSchemaRegistry,
  EventSchemaRegistryService,
  eventHubSettings,
  InMemoryEventHub,
} from '../src/index.js';

const short = { milliseconds: 20 };

const order = {
  type: 'object',
  properties: { id: { type: 'integer' }, email: { type: 'string', format: 'email' } },
  required: ['id'],
  additionalProperties: false,
} as const;

function hubWith(validatePayloads: boolean, stages: readonly EventHubStage[] = []): InMemoryEventHub {
  const registry = new EventSchemaRegistry().register('orders/v1', order).register('anything/v1');
  return new InMemoryEventHub({ stages: [...stages, createValidationStage(registry, { validatePayloads })] });
}

async function refusal(promise: Promise<unknown>): Promise<EventHubError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!EventHubError.isInstance(error)) throw new Error(`expected an EventHubError, got ${String(error)}`);
  return error;
}

function configured(...assignments: string[]): Configuration {
  return Configuration.fromLayers([settingsFromArguments(assignments)], [...coreSettingsSections, eventHubSettings]);
}

describe('payload validation', () => {
  it('delivers a payload that matches the registered schema', async () => {
    const hub = hubWith(true);
    const payload = { id: 7, email: 'ann@example.com' };
    await hub.connect({ crewId: 'a' }).post('crew://b', payload, { schemaId: 'orders/v1' });
    expect((await hub.connect({ crewId: 'b' }).receive(undefined, short))?.payload).toEqual(payload);
  });

  it('refuses a payload that does not match, names the problems and the fix, and delivers nothing', async () => {
    const hub = hubWith(true);
    const subscription = hub.connect({ crewId: 'b' }).subscribe('orders');
    const error = await refusal(
      hub.connect({ crewId: 'a' }).publish('orders', { id: 'seven', email: 'nope' }, { schemaId: 'orders/v1' }),
    );
    expect(error.code).toBe('EVENT_HUB_PAYLOAD_INVALID');
    expect(error.message).toContain("topic 'orders'");
    expect(error.message).toContain("schema 'orders/v1'");
    expect(error.message).toContain('/id must be integer');
    expect(error.message).toContain('/email must match format "email"');
    expect(error.message).toMatch(/Send a payload that matches the schema/);
    expect(error.details).toEqual({
      schemaId: 'orders/v1',
      topic: 'orders',
      errors: [
        { path: '/id', message: 'must be integer' },
        { path: '/email', message: 'must match format "email"' },
      ],
    });
    const next = subscription.next();
    const nothing = new Promise((resolve) => setTimeout(() => resolve('nothing'), 30));
    expect(await Promise.race([next, nothing])).toBe('nothing');
    await subscription.return();
  });

  it('names the payload itself and counts what it does not show', async () => {
    const hub = hubWith(true);
    const wrongType = await refusal(hub.connect({ crewId: 'a' }).publish('orders', [1], { schemaId: 'orders/v1' }));
    expect(wrongType.message).toContain('(payload) must be object');
    const many = { id: 1, a: 1, b: 2, c: 3, d: 4 };
    const extra = await refusal(hub.connect({ crewId: 'a' }).publish('orders', many, { schemaId: 'orders/v1' }));
    expect(extra.message).toContain('(and 1 more)');
    expect(extra.details?.errors).toHaveLength(4);
  });

  it('lets every payload through in ids-only mode, for an id registered without a schema and for application/json', async () => {
    const idsOnly = hubWith(false);
    await idsOnly.connect({ crewId: 'a' }).post('crew://b', { id: 'x' }, { schemaId: 'orders/v1' });
    expect((await idsOnly.connect({ crewId: 'b' }).receive(undefined, short))?.payload).toEqual({ id: 'x' });
    const checking = hubWith(true);
    const client = checking.connect({ crewId: 'a' });
    await expect(client.publish('t', 'text', { schemaId: 'anything/v1' })).resolves.toBeDefined();
    await expect(client.publish('t', 'text')).resolves.toBeDefined();
    await expect(client.publish('t', 'text', { schemaId: 'application/json' })).resolves.toBeDefined();
    // Even a schema registered under the default id is not applied.
    const defaultRegistry = new EventSchemaRegistry().register('application/json', { type: 'object' });
    const defaults = new InMemoryEventHub({
      stages: [createValidationStage(defaultRegistry, { validatePayloads: true })],
    });
    await expect(defaults.connect({ crewId: 'a' }).publish('t', 'text')).resolves.toBeDefined();
    expect((await refusal(client.publish('t', 1, { schemaId: 'orders/v2' }))).code).toBe(
      'EVENT_HUB_SCHEMA_UNREGISTERED',
    );
  });

  it('checks post, send and reply on the sender side', async () => {
    const hub = hubWith(true);
    const a = hub.connect({ crewId: 'a' });
    const b = hub.connect({ crewId: 'b' });
    expect((await refusal(a.post('crew://b', { id: 'x' }, { schemaId: 'orders/v1' }))).code).toBe(
      'EVENT_HUB_PAYLOAD_INVALID',
    );
    const sent = await refusal(a.send('crew://b', { id: 'x' }, { schemaId: 'orders/v1', timeoutMs: 1_000 }));
    expect(sent.code).toBe('EVENT_HUB_PAYLOAD_INVALID');
    expect(await b.receive(undefined, short)).toBeUndefined();

    const asked = a.send('crew://b', { q: 'eta?' }, { timeoutMs: 1_000 });
    const request = await b.receive(undefined, { milliseconds: 500 });
    const correlationId = request?.correlationId ?? '';
    const replyContract = { schemaId: 'orders/v1' };
    expect((await refusal(b.reply(correlationId, { eta: '2h' }, replyContract))).code).toBe(
      'EVENT_HUB_PAYLOAD_INVALID',
    );
    await b.reply(correlationId, { id: 2 }, replyContract);
    expect((await asked).reply.payload).toEqual({ id: 2 });
  });

  it('refuses a schema ajv cannot compile when it is registered, naming the id', () => {
    const registry = new EventSchemaRegistry();
    expect(() => registry.register('broken/v1', { type: 'no-such-type' })).toThrow(
      /'broken\/v1' is not a valid JSON Schema.*data\/type must be equal to one of the allowed values/,
    );
    expect(() => registry.register('typo/v1', { type: 'object', requird: ['id'] })).toThrow(
      /'typo\/v1'.*unknown keyword: "requird"/,
    );
    expect(registry.has('broken/v1')).toBe(false);
    expect(() =>
      registry.register('same-id/v1', { $id: 'https://example.com/order.json', type: 'object' }),
    ).not.toThrow();
    expect(() =>
      registry.register('same-id/v1', { $id: 'https://example.com/order.json', type: 'string' }),
    ).not.toThrow();
    expect(registry.issues('same-id/v1', 'text')).toEqual([]);
  });
});

describe('turning payload validation on', () => {
  type Options = Parameters<typeof addSvcEventHubValidation>[1];

  // Registers the stage and the hub as a host does, then publishes a payload the schema refuses.
  async function outcome(configuration: Configuration, options?: Options): Promise<string> {
    const services = new ServiceCollection();
    addSvcEventHubValidation(services, options);
    addSvcEventHub(services, configuration);
    const provider = services.build();
    provider.get(EventSchemaRegistryService).register('orders/v1', order);
    const result = await provider
      .get(EventHubService)
      .connect({ crewId: 'a' })
      .publish('orders', { id: 'x' }, { schemaId: 'orders/v1' })
      .then(
        () => 'delivered',
        (error: unknown) => (EventHubError.isInstance(error) ? error.code : String(error)),
      );
    await provider.dispose();
    return result;
  }

  it('is off by default and on with Svc:EventHub:ValidatePayloads=true', async () => {
    expect(await outcome(configured(), { configuration: configured() })).toBe('delivered');
    const on = configured('Svc:EventHub:ValidatePayloads=true');
    expect(on.get(eventHubSettings).ValidatePayloads).toBe(true);
    expect(await outcome(on, { configuration: on })).toBe('EVENT_HUB_PAYLOAD_INVALID');
  });

  it('lets the option given in code win over the configuration', async () => {
    const on = configured('Svc:EventHub:ValidatePayloads=true');
    const off = configured('Svc:EventHub:ValidatePayloads=false');
    expect(await outcome(on, { configuration: on, validatePayloads: false })).toBe('delivered');
    expect(await outcome(off, { configuration: off, validatePayloads: true })).toBe('EVENT_HUB_PAYLOAD_INVALID');
    expect(await outcome(off, { validatePayloads: true })).toBe('EVENT_HUB_PAYLOAD_INVALID');
  });

  it('checks ids only when registered without options, as before', async () => {
    const on = configured('Svc:EventHub:ValidatePayloads=true');
    expect(await outcome(on)).toBe('delivered');
  });
});
