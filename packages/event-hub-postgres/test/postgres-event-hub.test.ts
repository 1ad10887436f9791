// The PostgreSQL hub's own behaviour beyond the shared rules, on one real server started once for the
// file: between hubs and processes, reconnection, tables and their migration, options and services.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  Configuration,
  ConfigurationError,
  CrewLinksService,
  EventHubError,
  EventHubService,
  type HubMessage,
  ServiceCollection,
} from '@orkeon/core';
import { addSvcEventHub, addSvcEventHubAcl, eventHubSettings } from '@orkeon/event-hub';
import { type PostgresServer, startPostgresServer } from '@orkeon/testing';
import { describeEventHubConformance } from '@orkeon/testing/conformance';
import pg from 'pg';
import * as vitest from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSvcPostgresEventHub,
  eventHubChannel,
  PostgresEventHub,
  PostgresEventHubOptionsError,
  postgresEventHubSettings,
} from '../src/index.js';

let server: PostgresServer;
/** Looks at the database from the outside. */
let observer: pg.Pool;
let schemaCounter = 0;
const freshSchema = (purpose: string) => `${purpose}_${process.pid}_${schemaCounter++}`;

beforeAll(async () => {
  server = await startPostgresServer();
  observer = new pg.Pool({ connectionString: server.connectionString });
});

afterAll(async () => {
  await observer?.end();
  await server?.stop();
});

async function openHub(schema: string, options: { clock?: () => Date } = {}): Promise<PostgresEventHub> {
  const hub = new PostgresEventHub({ connectionString: server.connectionString, schema, ...options });
  await hub.ready();
  return hub;
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return EventHubError.isInstance(error) ? error.code : `not an EventHubError: ${String(error)}`;
  }
  return undefined;
}

describeEventHubConformance(vitest, 'PostgresEventHub', (options) => openHub(freshSchema('rules'), options));

describe('PostgresEventHub between hubs (each with its own connections, as two processes have)', () => {
  it('carries publications, posts, requests and replies from one hub to the other', async () => {
    const schema = freshSchema('between');
    await using here = await openHub(schema);
    await using there = await openHub(schema);
    const orders = there.connect({ crewId: 'billing' }).subscribe('orders');
    const sales = here.connect({ crewId: 'sales', agentId: 'seller' });
    await sales.publish('orders', { n: 1, z: 'keys keep their order', a: [1, 2.5, null, true] });
    await sales.publish('orders', { n: 2 }, { targetCrewId: 'shipping' });
    await sales.publish('orders', { n: 3 });
    const first = (await orders.next()).value as HubMessage;
    expect(first).toMatchObject({ sourceCrewId: 'sales', sourceAgentId: 'seller', topic: 'orders' });
    expect(JSON.stringify(first.payload)).toBe('{"n":1,"z":"keys keep their order","a":[1,2.5,null,true]}');
    expect(((await orders.next()).value as HubMessage).payload).toEqual({ n: 3 });
    await orders.return();

    const answering = (async () => {
      const calculator = there.connect({ crewId: 'calc', agentId: 'adder' });
      const request = await calculator.receive(undefined, { milliseconds: 5_000 });
      await calculator.reply(request?.correlationId ?? '', { sum: 3 });
      // Answered once: a second reply is refused.
      return codeOf(calculator.reply(request?.correlationId ?? '', { sum: 4 }));
    })();
    const { reply } = await sales.send('agent://calc/adder', { add: [1, 2] }, { timeoutMs: 5_000 });
    expect(reply).toMatchObject({ payload: { sum: 3 }, sourceCrewId: 'calc', targetMailbox: 'agent://sales/seller' });
    expect(await answering).toBe('EVENT_HUB_CORRELATION_UNKNOWN');
    const left = await observer.query(`SELECT count(*)::int AS n FROM "${schema}".event_hub_requests`);
    expect(left.rows[0].n).toBe(0);
  });

  it('keeps a posted message until its reader starts, and gives each message to exactly one reader', async () => {
    const schema = freshSchema('mailbox');
    await using sender = await openHub(schema);
    for (let index = 0; index < 40; index++) await sender.connect({ crewId: 'a' }).post('topic://jobs', index);
    // The readers' hubs open after the posts.
    await using one = await openHub(schema);
    await using two = await openHub(schema);
    const takeAll = async (hub: PostgresEventHub) => {
      const reader = hub.connect({ crewId: 'worker' });
      const taken: number[] = [];
      for (;;) {
        const message = await reader.receive('topic://jobs', { milliseconds: 100 });
        if (message === undefined) return taken;
        taken.push(message.payload as number);
      }
    };
    const [first, second] = await Promise.all([takeAll(one), takeAll(two)]);
    expect([...first, ...second].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, index) => index));
    // Each reader got its share in posting order.
    expect(first).toEqual([...first].sort((x, y) => x - y));
    expect(second).toEqual([...second].sort((x, y) => x - y));
  });

  it('wakes a reader waiting on another hub, and puts a message back when its reader gives up', async () => {
    const schema = freshSchema('wake');
    await using here = await openHub(schema);
    await using there = await openHub(schema);
    const waiting = there.connect({ crewId: 'b' }).receive(undefined, 'forever');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await here.connect({ crewId: 'a' }).post('crew://b', 'hello');
    expect((await waiting)?.payload).toBe('hello');

    await here.connect({ crewId: 'a' }).post('crew://b', 'kept');
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(
      there.connect({ crewId: 'b' }).receive(undefined, 'forever', { signal: controller.signal }),
    ).rejects.toThrow('stop');
    expect((await here.connect({ crewId: 'b' }).receive(undefined, { milliseconds: 500 }))?.payload).toBe('kept');
  });

  it('starts listening to many mailboxes at once without a query overlapping another on its connection', async () => {
    const schema = freshSchema('listen');
    await using readers = await openHub(schema);
    await using senders = await openHub(schema);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const crews = Array.from({ length: 8 }, (_, index) => `crew${index}`);
      // Every reader's first read at once: each one adds its mailbox's channel to the listening connection.
      const received = crews.map((crewId) => readers.connect({ crewId }).receive(undefined, { milliseconds: 5_000 }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const crewId of crews) await senders.connect({ crewId: 'sender' }).post(`crew://${crewId}`, crewId);
      expect((await Promise.all(received)).map((message) => message?.payload)).toEqual(crews);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((warning) => warning.message)).toEqual([]);
  });

  it('keeps publish order when small messages follow a large one (read from its table first)', async () => {
    const schema = freshSchema('order');
    await using here = await openHub(schema);
    await using there = await openHub(schema);
    const heard: unknown[] = [];
    there.connect({ crewId: 'b' }).on('mixed', (message) => {
      heard.push(typeof message.payload === 'string' ? message.payload.length : message.payload);
    });
    const publisher = here.connect({ crewId: 'a' });
    const large = 'x'.repeat(20_000);
    for (const payload of [1, large, 2, 3, large, 4]) await publisher.publish('mixed', payload);
    await vitest.vi.waitFor(() => expect(heard).toHaveLength(6));
    expect(heard).toEqual([1, 20_000, 2, 3, 20_000, 4]);
  });

  it('carries messages larger than a notification, and a hub in another schema hears nothing', async () => {
    const schema = freshSchema('large');
    await using here = await openHub(schema);
    await using there = await openHub(schema);
    await using elsewhere = await openHub(freshSchema('elsewhere'));
    const big = { text: 'ü'.repeat(20_000) };
    const subscription = there.connect({ crewId: 'b' }).subscribe('big');
    const outsider = elsewhere.connect({ crewId: 'b' }).subscribe('big');
    await here.connect({ crewId: 'a' }).publish('big', big, { retainAsLastValue: true });
    expect(((await subscription.next()).value as HubMessage).payload).toEqual(big);
    expect((await there.connect({ crewId: 'b' }).getLastValue('big'))?.value).toEqual(big);
    const answering = (async () => {
      const reader = there.connect({ crewId: 'b' });
      const request = await reader.receive(undefined, { milliseconds: 5_000 });
      await reader.reply(request?.correlationId ?? '', big);
    })();
    const { reply } = await here.connect({ crewId: 'a' }).send('crew://b', big, { timeoutMs: 5_000 });
    await answering;
    expect(reply.payload).toEqual(big);
    const nothing = await Promise.race([outsider.next(), new Promise((resolve) => setTimeout(resolve, 100, 'none'))]);
    expect(nothing).toBe('none');
    await subscription.return();
    await outsider.return();
  });

  it('listens again after the server drops its notification connection, and a mailbox loses nothing meanwhile', async () => {
    const schema = freshSchema('reconnect');
    await using here = await openHub(schema);
    await using there = await openHub(schema);
    const reader = there.connect({ crewId: 'b' });
    const waiting = reader.receive(undefined, { milliseconds: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The notification connections: the last statement each ran is a LISTEN (on one of its channels).
    const dropped = await observer.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN "orkeon_event_hub_%' AND pid <> pg_backend_pid()`,
    );
    expect(dropped.rowCount).toBe(2);
    await here.connect({ crewId: 'a' }).post('crew://b', 'during the outage');
    expect((await waiting)?.payload).toBe('during the outage');
    // Publications flow again once both hubs listen again.
    const subscription = there.connect({ crewId: 'b' }).subscribe('after');
    let delivered: HubMessage | undefined;
    for (let attempt = 0; attempt < 50 && delivered === undefined; attempt++) {
      await here.connect({ crewId: 'a' }).publish('after', attempt);
      delivered = (await Promise.race([
        subscription.next().then((result) => result.value as HubMessage),
        new Promise((resolve) => setTimeout(resolve, 100, undefined)),
      ])) as HubMessage | undefined;
    }
    expect(delivered?.topic).toBe('after');
    await subscription.return();
  });

  it('exchanges a request and a reply with another process', async () => {
    const schema = freshSchema('processes');
    await using hub = await openHub(schema);
    const fixture = fileURLToPath(new URL('./fixtures/replier.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--conditions=@orkeon/source', '--import', import.meta.resolve('tsx'), fixture, server.connectionString, schema],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
      child.on('exit', () => reject(new Error(`the replier ended early: ${stderr}`)));
    });
    const { reply } = await hub
      .connect({ crewId: 'planner' })
      .send('crew://calculator', { add: [2, 3, 4] }, { timeoutMs: 15_000 });
    expect(reply.payload).toEqual({ sum: 9, pid: child.pid });
    expect(reply).toMatchObject({ sourceCrewId: 'calculator', sourceAgentId: 'adder', targetCrewId: 'planner' });
    expect(await exited).toBe(0);
  });
});

describe('PostgresEventHub tables and options', () => {
  it('creates its tables once with layout version 2, and refuses tables of a newer layout', async () => {
    const schema = freshSchema('tables');
    // Two hubs preparing the same schema: the second finds the tables and changes nothing.
    await using _first = await openHub(schema);
    await using _second = await openHub(schema);
    const tables = await observer.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
      [schema],
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      'event_hub_large_messages',
      'event_hub_last_values',
      'event_hub_mailbox',
      'event_hub_requests',
      'event_hub_schema_version',
    ]);
    expect((await observer.query(`SELECT version FROM "${schema}".event_hub_schema_version`)).rows).toEqual([
      { version: 2 },
    ]);
    await observer.query(`UPDATE "${schema}".event_hub_schema_version SET version = 9`);
    const newer = new PostgresEventHub({ connectionString: server.connectionString, schema });
    await expect(newer.ready()).rejects.toMatchObject({ code: 'EVENT_HUB_POSTGRES_SCHEMA_TOO_NEW' });
    await expect(newer.connect({ crewId: 'a' }).post('crew://b', 1)).rejects.toMatchObject({
      code: 'EVENT_HUB_POSTGRES_SCHEMA_TOO_NEW',
    });
    await newer.close();
  });

  it('brings tables written by release 1 (layout version 1) to version 2, keeping their posts and pending requests', async () => {
    const schema = freshSchema('layout1');
    const q = `"${schema}"`;
    // The tables exactly as release 1 created them, with a post and a request that wait.
    await observer.query(`CREATE SCHEMA ${q};
      CREATE TABLE ${q}.event_hub_schema_version (singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton), version integer NOT NULL);
      CREATE TABLE ${q}.event_hub_mailbox (seq bigserial PRIMARY KEY, mailbox text NOT NULL, message text NOT NULL, posted_at timestamptz NOT NULL DEFAULT now());
      CREATE INDEX event_hub_mailbox_by_address ON ${q}.event_hub_mailbox (mailbox, seq);
      CREATE TABLE ${q}.event_hub_requests (correlation_id text PRIMARY KEY, requester_crew_id text NOT NULL, requester_agent_id text, expires_at timestamptz NOT NULL);
      CREATE INDEX event_hub_requests_by_expiry ON ${q}.event_hub_requests (expires_at);
      CREATE TABLE ${q}.event_hub_last_values (crew_scope text NOT NULL, key text NOT NULL, message text NOT NULL, set_at timestamptz NOT NULL, PRIMARY KEY (crew_scope, key));
      CREATE TABLE ${q}.event_hub_large_messages (id text PRIMARY KEY, message text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
      CREATE INDEX event_hub_large_messages_by_age ON ${q}.event_hub_large_messages (created_at);
      INSERT INTO ${q}.event_hub_schema_version VALUES (true, 1);`);
    const request = {
      id: 'old-request',
      topic: 'direct',
      sourceCrewId: 'planner',
      targetCrewId: 'estimator',
      targetMailbox: 'crew://estimator',
      correlationId: 'old-correlation',
      publishedAt: '2026-11-01T00:00:00.000Z',
      metadata: {},
      payload: { q: 'how long?' },
      schemaId: 'application/json',
    };
    await observer.query(
      `INSERT INTO ${q}.event_hub_requests VALUES ('old-correlation', 'planner', NULL, now() + interval '1 minute');
       INSERT INTO ${q}.event_hub_mailbox (mailbox, message) VALUES ('crew://estimator', '${JSON.stringify(request)}')`,
    );
    const listener = new pg.Client({ connectionString: server.connectionString });
    await listener.connect();
    await listener.query(`LISTEN "${eventHubChannel(schema)}"`);
    const replies: string[] = [];
    listener.on('notification', (notification) => replies.push(notification.payload ?? ''));
    try {
      await using hub = await openHub(schema);
      expect((await observer.query(`SELECT version FROM ${q}.event_hub_schema_version`)).rows).toEqual([
        { version: 2 },
      ]);
      const estimator = hub.connect({ crewId: 'estimator' });
      const received = await estimator.receive(undefined, { milliseconds: 2_000 });
      expect(received).toEqual(request);
      // Its requester wrote no reply channel: the reply goes on the schema's channel, as release 1 listened.
      await estimator.reply('old-correlation', { days: 3 });
      await vitest.vi.waitFor(() => expect(replies).toHaveLength(1));
      expect(JSON.parse(replies[0] ?? '{}')).toMatchObject({
        k: 'r',
        m: { correlationId: 'old-correlation', payload: { days: 3 } },
      });
      // Preparing again changes nothing.
      await using _again = await openHub(schema);
      expect((await observer.query(`SELECT version FROM ${q}.event_hub_schema_version`)).rows).toEqual([
        { version: 2 },
      ]);
    } finally {
      await listener.end();
    }
  });

  it('refuses options that cannot work, names an unreachable server, and refuses use after close', async () => {
    expect(() => new PostgresEventHub({})).toThrow(PostgresEventHubOptionsError);
    const pool = new pg.Pool({ connectionString: server.connectionString });
    expect(() => new PostgresEventHub({ pool, connectionString: server.connectionString })).toThrow(
      /not both and not neither/,
    );
    expect(() => new PostgresEventHub({ pool, schema: 'no-dashes' })).toThrow(/schema name 'no-dashes'/);
    // A pool the host owns stays open after the hub closes.
    const onPool = new PostgresEventHub({ pool, schema: freshSchema('pool') });
    await onPool.ready();
    await onPool.close();
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await pool.end();
    await expect(onPool.connect({ crewId: 'a' }).post('crew://b', 1)).rejects.toMatchObject({
      code: 'EVENT_HUB_POSTGRES_CLOSED',
    });
    const nowhere = new PostgresEventHub({ connectionString: 'postgresql://postgres@127.0.0.1:1/postgres' });
    await expect(nowhere.ready()).rejects.toMatchObject({
      code: 'EVENT_HUB_POSTGRES_SETUP_FAILED',
      message: expect.stringContaining('Svc:EventHub:Postgres:ConnectionString'),
    });
    await nowhere.close();
  });
});

describe('addSvcPostgresEventHub', () => {
  const configure = (settings: Record<string, string>) =>
    Configuration.fromObject({ Svc: { EventHub: { Postgres: settings } } }, [
      eventHubSettings,
      postgresEventHubSettings,
    ]);

  it('requires the connection string, naming the setting', () => {
    expect(() => addSvcPostgresEventHub(new ServiceCollection(), configure({}))).toThrow(ConfigurationError);
    expect(() => addSvcPostgresEventHub(new ServiceCollection(), configure({}))).toThrow(
      /SVC_Svc__EventHub__Postgres__ConnectionString/,
    );
  });

  it('makes the PostgreSQL hub the host hub, with the registered stages, before addSvcEventHub', async () => {
    const schema = freshSchema('registered');
    const configuration = configure({ ConnectionString: server.connectionString, SchemaName: schema });
    const services = new ServiceCollection();
    addSvcEventHubAcl(services, 'restrictive');
    addSvcPostgresEventHub(services, configuration);
    addSvcEventHub(services, configuration);
    const provider = services.build();
    provider.get(CrewLinksService).register('sales', [{ to: 'billing', direction: 'outbound', allowedTopics: [] }]);
    try {
      const hub = provider.get(EventHubService);
      expect(hub).toBeInstanceOf(PostgresEventHub);
      await (hub as PostgresEventHub).ready();
      const sales = hub.connect({ crewId: 'sales' });
      await sales.post('crew://billing', 'allowed');
      expect(await codeOf(sales.post('crew://shipping', 'not linked'))).toBe('EVENT_HUB_ACL_DENIED');
      const tables = await observer.query(`SELECT mailbox FROM "${schema}".event_hub_mailbox`);
      expect(tables.rows).toEqual([{ mailbox: 'crew://billing' }]);
    } finally {
      await provider.dispose();
    }
  });
});
