import {
  type CallerIdentity,
  Configuration,
  CrewLinksService,
  coreSettingsSections,
  createRuntime,
  type EventHub,
  EventHubService,
  type Runtime,
  ServiceCollection,
  type SettingsTree,
  type ToolResult,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addSvcEventHub,
  addSvcEventHubAcl,
  addSvcEventHubIdempotency,
  addSvcEventHubObservability,
  addSvcEventHubValidation,
  EventSchemaRegistryService,
  eventHubSettings,
  InMemoryEventHub,
} from '../src/index.js';

// The seven tools through a real runtime's invocation pipeline, the caller taken from the call's context.

let runtime: Runtime | undefined;
afterEach(async () => {
  await runtime?.dispose();
  runtime = undefined;
});

async function hubRuntime(
  settings: SettingsTree = {},
  extra: (services: ServiceCollection) => void = () => {},
): Promise<Runtime> {
  const configuration = Configuration.fromObject({ Svc: { EventHub: settings } }, [
    ...coreSettingsSections,
    eventHubSettings,
  ]);
  const services = new ServiceCollection();
  extra(services);
  addSvcEventHub(services, configuration);
  runtime = await createRuntime({ services, configuration, logger: captureLogger({ level: 'warn' }).logger });
  return runtime;
}

const clerk: CallerIdentity = { kind: 'agent', crew: 'billing', agentId: 'clerk', agent: 'Clerk' };
const driver: CallerIdentity = { kind: 'agent', crew: 'shipping', agentId: 'driver', agent: 'Driver' };

async function call(tool: string, input: unknown, caller: CallerIdentity): Promise<ToolResult> {
  if (runtime === undefined) throw new Error('no runtime');
  return runtime.pipeline.invoke({ tool, input, caller });
}

function json(result: ToolResult): Record<string, unknown> {
  expect(result.outcome).toBe('Success');
  return JSON.parse(result.output) as Record<string, unknown>;
}

describe('the event-hub tools in a runtime', () => {
  it('registers the seven tools and the in-memory hub', async () => {
    const built = await hubRuntime();
    const names = built.tools.list().map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'publish_event',
        'post_message',
        'send_request',
        'reply_to',
        'receive_message',
        'wait_for_event',
        'get_last_value',
      ]),
    );
    expect(built.services.get(EventHubService)).toBeInstanceOf(InMemoryEventHub);
  });

  it('publish_event and get_last_value: the source is the calling crew, never the input', async () => {
    await hubRuntime();
    const published = json(
      await call('publish_event', { topic: 'rates', payload: { eur: 1.1 }, retain_as_last_value: true }, clerk),
    );
    expect(published.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(String(published.published_at)))).toBe(false);
    expect(json(await call('get_last_value', { key: 'rates' }, driver))).toEqual({
      value: { eur: 1.1 },
      set_at: published.published_at,
    });
    expect(json(await call('get_last_value', { key: 'unknown' }, driver))).toEqual({ found: false });
    const spoofed = await call('publish_event', { topic: 'rates', payload: 1, source_crew_id: 'shipping' }, clerk);
    expect(spoofed.outcome).toBe('Failure');
    const reserved = await call('publish_event', { topic: '_system.wait_timed_out', payload: 1 }, clerk);
    expect(reserved.output).toMatch(/reserved/);
  });

  it('post_message and receive_message: the message arrives stamped with the sender, in snake_case', async () => {
    await hubRuntime();
    const posted = json(
      await call(
        'post_message',
        { target_mailbox: 'agent://shipping/driver', payload: 'parcel', metadata: { k: 'v' } },
        clerk,
      ),
    );
    expect(Object.keys(posted)).toEqual(['message_id', 'posted_at']);
    const received = json(await call('receive_message', { timeout_ms: 50 }, driver));
    expect(received.message).toEqual({
      id: posted.message_id,
      topic: 'direct',
      source_crew_id: 'billing',
      source_agent_id: 'clerk',
      target_crew_id: 'shipping',
      target_mailbox: 'agent://shipping/driver',
      published_at: posted.posted_at,
      metadata: { k: 'v' },
      payload: 'parcel',
      schema_id: 'application/json',
    });
    expect(json(await call('receive_message', { timeout_ms: 10 }, driver))).toEqual({ timed_out: true });
    const bad = await call('post_message', { target_mailbox: 'shipping', payload: 1 }, clerk);
    expect(bad.output).toMatch(/'shipping' is not valid/);
  });

  it('requires exactly one of timeout_ms and wait_forever', async () => {
    await hubRuntime();
    for (const input of [{}, { timeout_ms: 10, wait_forever: true }]) {
      const result = await call('receive_message', input, driver);
      expect(result.outcome).toBe('Failure');
      expect(result.output).toMatch(/exactly one of timeout_ms/);
    }
    expect((await call('wait_for_event', { topic: 't' }, driver)).output).toMatch(/exactly one of timeout_ms/);
    expect((await call('send_request', { target_mailbox: 'crew://b', payload: 1 }, driver)).outcome).toBe('Failure');
  });

  it('send_request and reply_to: the reply comes back through the pipeline; no reply is a time-out error', async () => {
    await hubRuntime();
    const asking = call(
      'send_request',
      { target_mailbox: 'crew://shipping', payload: { q: 'eta?' }, timeout_ms: 1_000 },
      clerk,
    );
    const request = json(await call('receive_message', { timeout_ms: 500, mailbox: 'crew://shipping' }, driver))
      .message as Record<string, unknown>;
    expect(request.payload).toEqual({ q: 'eta?' });
    const replied = json(
      await call('reply_to', { correlation_id: request.correlation_id, payload: { eta: '2h' } }, driver),
    );
    expect(Object.keys(replied)).toEqual(['replied_at']);
    expect(json(await asking)).toEqual({ correlation_id: request.correlation_id, response_payload: { eta: '2h' } });

    const unanswered = await call(
      'send_request',
      { target_mailbox: 'crew://shipping', payload: 1, timeout_ms: 20 },
      clerk,
    );
    expect(unanswered.outcome).toBe('Failure');
    expect(unanswered.output).toMatch(/No reply to the request .* within 20 ms/);
    const unknown = await call('reply_to', { correlation_id: 'nobody', payload: 1 }, driver);
    expect(unknown.output).toMatch(/No pending request has the correlation id 'nobody'/);
  });

  it('wait_for_event answers the matching message, or timed_out', async () => {
    await hubRuntime();
    const waiting = call(
      'wait_for_event',
      { topic: 'builds', timeout_ms: 1_000, metadata_match: { ok: 'yes' } },
      driver,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await call('publish_event', { topic: 'builds', payload: 'no', metadata: { ok: 'no' } }, clerk);
    await call('publish_event', { topic: 'builds', payload: 'yes', metadata: { ok: 'yes' } }, clerk);
    expect((json(await waiting).message as Record<string, unknown>).payload).toBe('yes');
    expect(json(await call('wait_for_event', { topic: 'builds', timeout_ms: 10 }, driver))).toEqual({
      timed_out: true,
    });
  });

  it('a caller outside a crew speaks as client:<kind>', async () => {
    await hubRuntime();
    await call('post_message', { target_mailbox: 'client://host', payload: 'hi' }, clerk);
    const received = json(await call('receive_message', { timeout_ms: 20 }, { kind: 'host' }));
    expect((received.message as Record<string, unknown>).payload).toBe('hi');
  });

  it('Svc:EventHub:MaxToolWaitMilliseconds refuses a longer timeout_ms', async () => {
    await hubRuntime({ MaxToolWaitMilliseconds: 100 });
    const result = await call('receive_message', { timeout_ms: 101 }, driver);
    expect(result.output).toMatch(/above the limit of 100/);
    expect(json(await call('receive_message', { timeout_ms: 100 }, driver))).toEqual({ timed_out: true });
    const send = await call('send_request', { target_mailbox: 'crew://shipping', payload: 1, timeout_ms: 101 }, clerk);
    expect(send.output).toMatch(/above the limit of 100/);
    await expect(hubRuntime({ MaxToolWaitMilliseconds: 0 })).rejects.toThrow(/MaxToolWaitMilliseconds/);
  });

  it('keeps a hub the host registered', async () => {
    const own: EventHub = new InMemoryEventHub();
    const built = await hubRuntime({}, (services) => services.addInstance(EventHubService, own));
    expect(built.services.get(EventHubService)).toBe(own);
    await call('publish_event', { topic: 'x', payload: 1, retain_as_last_value: true }, clerk);
    expect((await own.connect({ crewId: 'c' }).getLastValue('x'))?.value).toBe(1);
  });

  it('applies the stages registered with the addSvc calls, before or after addSvcEventHub', async () => {
    const built = await hubRuntime({}, (services) => {
      addSvcEventHubObservability(services);
      addSvcEventHubAcl(services, 'restrictive');
      addSvcEventHubIdempotency(services, 5);
      addSvcEventHubValidation(services);
    });
    const hub = built.services.get(EventHubService) as InMemoryEventHub;
    expect(hub.stages.map((stage) => stage.name)).toEqual(['logging', 'telemetry', 'acl', 'idempotency', 'validation']);
    const refused = await call('post_message', { target_mailbox: 'crew://shipping', payload: 1 }, clerk);
    expect(refused.output).toMatch(/declares no links and the ACL policy is restrictive/);
    built.services
      .get(CrewLinksService)
      .register('billing', [{ to: 'shipping', direction: 'outbound', allowedTopics: [] }]);
    expect((await call('post_message', { target_mailbox: 'crew://shipping', payload: 1 }, clerk)).outcome).toBe(
      'Success',
    );
    const client = hub.connect({ crewId: 'billing' });
    await expect(client.publish('t', 1, { schemaId: 'orders/v1' })).rejects.toThrow(/not registered/);
    built.services.get(EventSchemaRegistryService).register('orders/v1');
    await expect(client.publish('t', 1, { schemaId: 'orders/v1' })).resolves.toMatchObject({ schemaId: 'orders/v1' });
  });
});
