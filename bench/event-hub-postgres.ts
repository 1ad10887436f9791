// One file: the anchors, the measures and the section share the server, the peer and the rounds.
// The PostgreSQL event hub between two processes, against the same exchanges written directly on
// `pg` with LISTEN/NOTIFY. The peer (bench/event-hub-postgres-peer.ts) runs in its own process on
// the same server. Measures, hub and anchors taking turns, medians over rounds:
// - a request and its reply, one at a time and with 16 senders: the hub's `send` to crew://peer
//   against (the anchor) the same durable exchange written by hand — the hub's three statements
//   (the request as a mailbox row and a pending-request row with a notification; a reader's
//   `DELETE … FOR UPDATE SKIP LOCKED`; the reply that ends the pending request and notifies) —
//   and against (the ceiling) bare NOTIFY bench_request → the peer's NOTIFY bench_reply, no table;
// - publications from 16 senders until the peer received them all, against bare NOTIFY.
// `npm run bench -- event-hub-postgres`; alone: `node --conditions=@orkeon/source --import tsx bench/event-hub-postgres.ts`.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PostgresEventHub } from '@orkeon/event-hub-postgres';
import { startPostgresServer } from '@orkeon/testing';
import pg from 'pg';

const sequentialRoundTrips = 500;
const concurrentSenders = 16;
const concurrentRoundTrips = 2_000;
const publications = 10_000;
const rounds = 9;

export interface EventHubPostgresRow {
  readonly label: string;
  readonly unit: string;
  readonly hub: number;
  readonly anchor: number;
  /** The median over rounds of the hub's rate ÷ the anchor's in the same round. */
  readonly ratio: number;
  readonly hubP99?: number;
  readonly anchorP99?: number;
  /** Bare NOTIFY both ways, no table: what LISTEN/NOTIFY gives without the guarantees. */
  readonly ceiling?: number;
  readonly ceilingRatio?: number;
  readonly ceilingP99?: number;
}

/** One round of a path: its rate and, for round trips, each one's time in milliseconds. */
type Round = readonly [number, readonly number[]];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

/** Replies heard on one channel, matched by the `id` their request carried. */
class PendingReplies {
  readonly #pending = new Map<string, () => void>();

  constructor(listener: pg.Client, channel: string) {
    listener.on('notification', (notification) => {
      if (notification.channel !== channel) return;
      const id = (JSON.parse(notification.payload ?? '{}') as { id?: string }).id ?? '';
      this.#pending.get(id)?.();
      this.#pending.delete(id);
    });
  }

  /** A new request id and the promise of its reply. */
  open(): { readonly id: string; readonly replied: Promise<void> } {
    const id = randomUUID();
    return { id, replied: new Promise<void>((resolve) => this.#pending.set(id, resolve)) };
  }
}

/** The bare exchange: a notification each way, no table. */
class RawRequester {
  readonly #client: pg.Client;
  readonly #replies: PendingReplies;
  #sending: Promise<void> = Promise.resolve();

  constructor(client: pg.Client) {
    this.#client = client;
    this.#replies = new PendingReplies(client, 'bench_reply');
  }

  async send(payload: object): Promise<void> {
    const { id, replied } = this.#replies.open();
    // One query at a time on the connection (concurrent senders queue), as `pg` would queue them.
    const sent = this.#sending.then(() =>
      this.#client.query('SELECT pg_notify($1, $2)', ['bench_request', JSON.stringify({ id, ...payload })]),
    );
    this.#sending = sent.then(
      () => undefined,
      () => undefined,
    );
    await sent;
    await replied;
  }
}

/**
 * The durable request and reply written directly on `pg`: the request is a mailbox row and a
 * pending-request row in one statement that notifies the readers; the reply ends the pending
 * request and notifies the sender.
 */
class DurableRequester {
  readonly #pool: pg.Pool;
  readonly #replies: PendingReplies;

  constructor(pool: pg.Pool, listener: pg.Client) {
    this.#pool = pool;
    this.#replies = new PendingReplies(listener, 'bench_durable_reply');
  }

  async send(payload: object): Promise<void> {
    const { id, replied } = this.#replies.open();
    await this.#pool.query({
      name: 'send',
      text: `WITH posted AS (INSERT INTO bench_durable.mailbox (mailbox, message) VALUES ($1, $2)),
        request AS (INSERT INTO bench_durable.requests (correlation_id, expires_at) VALUES ($3, now() + interval '10 seconds'))
        SELECT pg_notify('bench_durable_posted', '')`,
      values: ['crew://peer', JSON.stringify({ correlationId: id, payload }), id],
    });
    await replied;
  }
}

/** The durable anchor's tables, made before the peer's readers start. */
async function prepareDurableTables(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS bench_durable;
      CREATE TABLE IF NOT EXISTS bench_durable.mailbox (seq bigserial PRIMARY KEY, mailbox text NOT NULL, message text NOT NULL, posted_at timestamptz NOT NULL DEFAULT now());
      CREATE INDEX IF NOT EXISTS bench_durable_mailbox_by_address ON bench_durable.mailbox (mailbox, seq);
      CREATE TABLE IF NOT EXISTS bench_durable.requests (correlation_id text PRIMARY KEY, expires_at timestamptz NOT NULL)`);
  } finally {
    await client.end();
  }
}

/** `count` round trips by `senders` at once; answers round trips/s and each one's time. */
async function roundTrips(senders: number, count: number, once: () => Promise<void>): Promise<Round> {
  const latencies: number[] = [];
  let left = count;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (left > 0) {
        left--;
        const sent = performance.now();
        await once();
        latencies.push(performance.now() - sent);
      }
    }),
  );
  return [count / ((performance.now() - started) / 1000), latencies];
}

export async function measureEventHubPostgres(): Promise<readonly EventHubPostgresRow[]> {
  const server = await startPostgresServer();
  await prepareDurableTables(server.connectionString);
  const hub = new PostgresEventHub({ connectionString: server.connectionString, schema: 'bench' });
  const peer = spawn(
    process.execPath,
    [
      '--conditions=@orkeon/source',
      '--import',
      'tsx',
      fileURLToPath(new URL('./event-hub-postgres-peer.ts', import.meta.url)),
      server.connectionString,
      'bench',
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const raw = new pg.Client({ connectionString: server.connectionString });
  const rawPool = new pg.Pool({ connectionString: server.connectionString, max: concurrentSenders });
  const durablePool = new pg.Pool({ connectionString: server.connectionString });
  try {
    await hub.ready();
    await raw.connect();
    await raw.query('LISTEN bench_reply');
    await raw.query('LISTEN bench_durable_reply');
    const peerLines = createInterface({ input: peer.stdout })[Symbol.asyncIterator]();
    await peerLines.next();
    const requester = new RawRequester(raw);
    const durable = new DurableRequester(durablePool, raw);
    const client = hub.connect({ crewId: 'bench' });
    const payload = { question: 'how long', feature: 'CSV export', sent: 0 };
    const hubSend = async () => {
      await client.send('crew://peer', payload, { timeoutMs: 10_000 });
    };
    const rawSend = () => requester.send(payload);
    const durableSend = () => durable.send(payload);
    const sentTotals = { hub: 0, raw: 0 };
    const delivered = async (kind: 'hub' | 'raw', publish: () => Promise<unknown>): Promise<number> => {
      // The peer is told the total it will have counted, not how many more: a notification may
      // reach it before this line does.
      sentTotals[kind] += publications;
      peer.stdin.write(`${JSON.stringify({ until: sentTotals[kind], kind })}\n`);
      const started = performance.now();
      let left = publications;
      await Promise.all(
        Array.from({ length: concurrentSenders }, async () => {
          while (left > 0) {
            left--;
            await publish();
          }
        }),
      );
      await peerLines.next();
      return publications / ((performance.now() - started) / 1000);
    };
    const publisher = hub.connect({ crewId: 'bench' });
    const publicationRound = (kind: 'hub' | 'raw', publish: () => Promise<unknown>) => async (): Promise<Round> => [
      await delivered(kind, publish),
      [],
    ];
    const measures: readonly {
      readonly label: string;
      readonly unit: string;
      readonly hub: () => Promise<Round>;
      readonly anchor: () => Promise<Round>;
      readonly ceiling?: () => Promise<Round>;
    }[] = [
      {
        label: 'request and reply, one at a time',
        unit: 'round trips/s',
        hub: () => roundTrips(1, sequentialRoundTrips, hubSend),
        anchor: () => roundTrips(1, sequentialRoundTrips, durableSend),
        ceiling: () => roundTrips(1, sequentialRoundTrips, rawSend),
      },
      {
        label: `request and reply, ${concurrentSenders} senders`,
        unit: 'round trips/s',
        hub: () => roundTrips(concurrentSenders, concurrentRoundTrips, hubSend),
        anchor: () => roundTrips(concurrentSenders, concurrentRoundTrips, durableSend),
        ceiling: () => roundTrips(concurrentSenders, concurrentRoundTrips, rawSend),
      },
      {
        label: `publications, ${concurrentSenders} senders, until the peer has them all`,
        unit: 'messages/s',
        hub: publicationRound('hub', () => publisher.publish('load', payload)),
        anchor: publicationRound('raw', () =>
          rawPool.query('SELECT pg_notify($1, $2)', ['bench_load', JSON.stringify(payload)]),
        ),
      },
    ];
    const rows: EventHubPostgresRow[] = [];
    for (const measure of measures) {
      const paths = [measure.hub, measure.anchor, ...(measure.ceiling === undefined ? [] : [measure.ceiling])];
      for (const path of paths) await path();
      const results = paths.map(() => [] as Round[]);
      // Each round starts with the next path, so none always runs first (after a pause) or last.
      for (let round = 0; round < rounds; round++)
        for (let turn = 0; turn < paths.length; turn++) {
          const index = (round + turn) % paths.length;
          results[index]?.push(await (paths[index] as () => Promise<Round>)());
        }
      const [hubResults = [], anchorResults = [], ceilingResults] = results;
      const rates = (measured: readonly Round[]) => measured.map(([rate]) => rate);
      // Each round's ratio, then the median: a machine slowing down for a while moves both sides.
      const ratioTo = (other: readonly Round[]) =>
        median(hubResults.map(([rate], round) => rate / (other[round]?.[0] ?? Number.NaN)));
      const p99 = (measured: readonly Round[]) =>
        percentile(
          measured.flatMap(([, times]) => times),
          0.99,
        );
      const timed = hubResults.some(([, times]) => times.length > 0);
      rows.push({
        label: measure.label,
        unit: measure.unit,
        hub: median(rates(hubResults)),
        anchor: median(rates(anchorResults)),
        ratio: ratioTo(anchorResults),
        ...(timed ? { hubP99: p99(hubResults), anchorP99: p99(anchorResults) } : {}),
        ...(ceilingResults === undefined
          ? {}
          : {
              ceiling: median(rates(ceilingResults)),
              ceilingRatio: ratioTo(ceilingResults),
              ...(timed ? { ceilingP99: p99(ceilingResults) } : {}),
            }),
      });
    }
    return rows;
  } finally {
    peer.stdin.end();
    await new Promise((resolve) => peer.once('exit', resolve));
    await raw.end();
    await rawPool.end();
    await durablePool.end();
    await hub.close();
    await server.stop();
  }
}

export function eventHubPostgresSection(rows: readonly EventHubPostgresRow[], when?: string): string[] {
  const figure = (value: number | undefined, unit: string) =>
    value === undefined ? '–' : `${Math.round(value).toLocaleString('en-US')} ${unit}`;
  const times = (row: EventHubPostgresRow) =>
    row.hubP99 === undefined
      ? '–'
      : [row.hubP99, row.anchorP99, row.ceilingP99]
          .map((value) => (value === undefined ? '–' : value.toFixed(2)))
          .join(' / ');
  return [
    '## Event hub on PostgreSQL (anchor: the same exchange written directly on LISTEN/NOTIFY)',
    '',
    ...(when === undefined ? [] : [when, '']),
    `Two processes on one local PostgreSQL server (started by the bench). A request and its reply: the hub's \`send\` to \`crew://peer\`, answered by one of the peer's 16 readers, against the anchor, the same durable exchange written by hand on \`pg\` with the hub's three statements (the request as a mailbox row and a pending-request row, with a notification that wakes one reader; the reader's \`DELETE … FOR UPDATE SKIP LOCKED\`; the reply that ends the pending request and notifies), also with 16 readers; and against the ceiling, bare \`pg_notify\` both ways with no table (no request waits for a reader, none is taken exactly once, a late reply is not refused). Publications: the hub's \`publish\` against \`pg_notify\` on a pool of 16 (a publication is a notification in both), counted by the peer. ${rounds} rounds after a warm-up, the paths taking turns (each round starts with the next one); rates are medians over rounds and ratios the median of each round's ratio; p99 over every round trip.`,
    '',
    '| measure | hub | anchor | hub ÷ anchor | ceiling (bare NOTIFY) | hub ÷ ceiling | p99 hub / anchor / ceiling (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${figure(row.hub, row.unit)} | ${figure(row.anchor, row.unit)} | ${row.ratio.toFixed(2)}× | ${figure(row.ceiling, row.unit)} | ${row.ceilingRatio === undefined ? '–' : `${row.ceilingRatio.toFixed(2)}×`} | ${times(row)} |`,
    ),
    '',
    "The goal is at least 0.8× the anchor for a request and its reply, what the hub costs over writing the same exchange by hand. The statements are the same on both sides; what the hub adds is its client on each side of every round trip (the envelope and its JSON, the pending request with its time-out, the path through the stages' chain, the reader's bell and the address rules), which on two shared cores is also taken from the database's time. Against the ceiling the hub stays lower by the statements its guarantees take: the request waits as a row for a reader (also one not started yet), one reader takes it, and the reply ends the pending request so a late one is refused; bare NOTIFY does none of this.",
    '',
  ];
}

export async function eventHubPostgresBenchSection(when?: string): Promise<string[]> {
  return eventHubPostgresSection(await measureEventHubPostgres(), when);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${(await eventHubPostgresBenchSection()).join('\n')}\n`);
}
