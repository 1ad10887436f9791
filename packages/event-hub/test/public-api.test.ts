import type {
  Configuration,
  EventHub,
  EventHubClient,
  EventHubStage,
  HubIdentity,
  HubLastValue,
  HubListener,
  HubListenOptions,
  HubMessage,
  HubReplyOptions,
  HubSubscription,
  JsonValue,
  ServiceCollection,
  ServiceToken,
} from '@orkeon/core';
import { EventHubService } from '@orkeon/core';
import { describeEventHubConformance, type EventHubFixture } from '@orkeon/testing/conformance';
import { describe, expectTypeOf, it } from 'vitest';
import {
  addEventHubStage,
  addSvcEventHub,
  addSvcEventHubAcl,
  addSvcEventHubIdempotency,
  addSvcEventHubObservability,
  addSvcEventHubValidation,
  type CrewLinkPolicy,
  createAclStage,
  type EventHubSettings,
  type EventSchemaRegistry,
  EventSchemaRegistryService,
  type HubClient,
  type HubCore,
  InMemoryEventHub,
  type MessageStamps,
} from '../src/index.js';

describe('the public API of @orkeon/event-hub', () => {
  it('types the hub, its client and the registrations as the other addSvc functions', () => {
    expectTypeOf(EventHubService).toEqualTypeOf<ServiceToken<EventHub>>();
    expectTypeOf<InMemoryEventHub>().toExtend<EventHub>();
    expectTypeOf<InMemoryEventHub['connect']>().returns.toEqualTypeOf<EventHubClient>();
    expectTypeOf<EventHubClient['publish']>().returns.toEqualTypeOf<Promise<HubMessage>>();
    expectTypeOf<EventHubClient['send']>().returns.toEqualTypeOf<
      Promise<{ correlationId: string; reply: HubMessage }>
    >();
    expectTypeOf<EventHubClient['subscribe']>().returns.toEqualTypeOf<HubSubscription>();
    expectTypeOf<HubSubscription>().toExtend<AsyncIterable<HubMessage>>();
    expectTypeOf<Parameters<EventHubClient['on']>>().toEqualTypeOf<
      [string, HubListener, (HubListenOptions | undefined)?]
    >();
    expectTypeOf<EventHubClient['on']>().returns.toEqualTypeOf<() => void>();
    expectTypeOf<HubListenOptions['onError']>().toEqualTypeOf<((error: unknown) => void) | undefined>();
    expectTypeOf<EventHubClient['waitFor']>().returns.toEqualTypeOf<Promise<HubMessage | undefined>>();
    expectTypeOf<EventHubClient['getLastValue']>().returns.toEqualTypeOf<Promise<HubLastValue | undefined>>();
    expectTypeOf<HubMessage['payload']>().toEqualTypeOf<JsonValue>();
    expectTypeOf<HubMessage['sourceCrewId']>().toEqualTypeOf<string>();
    expectTypeOf(addSvcEventHub).parameter(0).toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addSvcEventHub).parameter(1).toEqualTypeOf<Configuration>();
    expectTypeOf(addSvcEventHub).returns.toEqualTypeOf<ServiceCollection>();
    for (const add of [addSvcEventHubObservability, addSvcEventHubValidation])
      expectTypeOf(add).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addSvcEventHubAcl).parameter(1).toEqualTypeOf<CrewLinkPolicy | undefined>();
    expectTypeOf(addSvcEventHubIdempotency).parameter(1).toEqualTypeOf<number | undefined>();
    expectTypeOf(addEventHubStage).parameter(1).toExtend<EventHubStage | ((...args: never[]) => EventHubStage)>();
    expectTypeOf(createAclStage).returns.toEqualTypeOf<EventHubStage>();
    expectTypeOf(EventSchemaRegistryService).toEqualTypeOf<ServiceToken<EventSchemaRegistry>>();
    expectTypeOf<EventHubSettings['MaxToolWaitMilliseconds']>().toEqualTypeOf<number>();
    expectTypeOf<CrewLinkPolicy>().toEqualTypeOf<'permissive' | 'restrictive'>();
  });

  it('gives adapters the shared client over their HubCore, and the conformance suite', () => {
    expectTypeOf<InMemoryEventHub>().toExtend<HubCore>();
    expectTypeOf<HubClient>().toExtend<EventHubClient>();
    expectTypeOf<ConstructorParameters<typeof HubClient>>().toEqualTypeOf<[HubCore, HubIdentity]>();
    expectTypeOf<HubCore['takeFromMailbox']>().returns.toEqualTypeOf<Promise<HubMessage | undefined>>();
    expectTypeOf<HubCore['closeRequest']>().returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf<HubCore['newMessageId']>().returns.toEqualTypeOf<string>();
    expectTypeOf<HubCore['publishedAt']>().returns.toEqualTypeOf<string>();
    expectTypeOf<HubCore['dispatch']>().returns.toEqualTypeOf<Promise<boolean> | true>();
    expectTypeOf<MessageStamps['nextId']>().returns.toEqualTypeOf<string>();
    expectTypeOf(describeEventHubConformance).parameter(2).returns.toEqualTypeOf<Promise<EventHubFixture>>();
    expectTypeOf(addSvcEventHubValidation)
      .parameter(1)
      .toEqualTypeOf<{ readonly validatePayloads?: boolean; readonly configuration?: Configuration } | undefined>();
    expectTypeOf<EventHubSettings['ValidatePayloads']>().toEqualTypeOf<boolean>();
    expectTypeOf<Parameters<EventHubClient['reply']>[2]>().toEqualTypeOf<HubReplyOptions | undefined>();
  });

  it('refuses a send without a time-out, a time-out of the wrong shape, and a source in the options', () => {
    const client = new InMemoryEventHub().connect({ crewId: 'a' });
    // @ts-expect-error timeoutMs is required
    void client.send('crew://b', 1, {}).catch(() => {});
    // @ts-expect-error a wait time-out is { milliseconds } or 'forever'
    void client.receive(undefined, 10).catch(() => {});
    // @ts-expect-error the source is stamped by the hub
    void client.publish('t', 1, { sourceCrewId: 'b' }).catch(() => {});
  });
});
