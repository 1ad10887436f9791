// The PostgreSQL event hub between two processes, against the same exchanges written directly on
// `pg` LISTEN/NOTIFY (the anchor). The peer (bench/event-hub-postgres-peer.ts) runs in its own
// process on the same server. Three measures, hub and anchor taking turns, medians over rounds:
// - a request and its reply, one at a time: the hub's `send` to crew://peer (a mailbox row, a
//   notification, the peer's reply) against NOTIFY bench_request → the peer's NOTIFY bench_reply;
// - the same with 16 senders at once;
// - publications from 16 senders until the peer received them all.
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
  readonly hubP99?: number;
  readonly anchorP99?: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

/** Replies of the bare exchange, matched by the id the request carried. */
class RawRequester {
  readonly #client: pg.Client;
  readonly #pending = new Map<string, () => void>();

  constructor(client: pg.Client) {
    this.#client = client;
    client.on('notification', (notification) => {
      if (notification.channel !== 'bench_reply') return;
      const id = (JSON.parse(notification.payload ?? '{}') as { id?: string }).id ?? '';
      this.#pending.get(id)?.();
      this.#pending.delete(id);
    });
  }

  async send(payload: object): Promise<void> {
    const id = randomUUID();
    const replied = new Promise<void>((resolve) => this.#pending.set(id, resolve));
    await this.#client.query('SELECT pg_notify($1, $2)', ['bench_request', JSON.stringify({ id, ...payload })]);
    await replied;
  }
}

/** `count` round trips by `senders` at once; answers round trips/s and each one's time. */
async function roundTrips(senders: number, count: number, once: () => Promise<void>): Promise<[number, number[]]> {
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
  try {
    await hub.ready();
    await raw.connect();
    await raw.query('LISTEN bench_reply');
    const peerLines = createInterface({ input: peer.stdout })[Symbol.asyncIterator]();
    await peerLines.next();
    const requester = new RawRequester(raw);
    const client = hub.connect({ crewId: 'bench' });
    const payload = { question: 'how long', feature: 'CSV export', sent: 0 };
    const hubSend = async () => {
      await client.send('crew://peer', payload, { timeoutMs: 10_000 });
    };
    const rawSend = () => requester.send(payload);
    const delivered = async (kind: 'hub' | 'raw', publish: () => Promise<unknown>): Promise<number> => {
      peer.stdin.write(`${JSON.stringify({ expect: publications, kind })}\n`);
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
    const measures = [
      {
        label: 'request and reply, one at a time',
        unit: 'round trips/s',
        hub: () => roundTrips(1, sequentialRoundTrips, hubSend),
        anchor: () => roundTrips(1, sequentialRoundTrips, rawSend),
      },
      {
        label: `request and reply, ${concurrentSenders} senders`,
        unit: 'round trips/s',
        hub: () => roundTrips(concurrentSenders, concurrentRoundTrips, hubSend),
        anchor: () => roundTrips(concurrentSenders, concurrentRoundTrips, rawSend),
      },
      {
        label: `publications, ${concurrentSenders} senders, until the peer has them all`,
        unit: 'messages/s',
        hub: async (): Promise<[number, number[]]> => [
          await delivered('hub', () => publisher.publish('load', payload)),
          [],
        ],
        anchor: async (): Promise<[number, number[]]> => [
          await delivered('raw', () =>
            rawPool.query('SELECT pg_notify($1, $2)', ['bench_load', JSON.stringify(payload)]),
          ),
          [],
        ],
      },
    ];
    const rows: EventHubPostgresRow[] = [];
    for (const measure of measures) {
      await measure.hub();
      await measure.anchor();
      const hubRates: number[] = [];
      const anchorRates: number[] = [];
      const hubLatencies: number[] = [];
      const anchorLatencies: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const [hubRate, hubTimes] = await measure.hub();
        const [anchorRate, anchorTimes] = await measure.anchor();
        hubRates.push(hubRate);
        anchorRates.push(anchorRate);
        hubLatencies.push(...hubTimes);
        anchorLatencies.push(...anchorTimes);
      }
      rows.push({
        label: measure.label,
        unit: measure.unit,
        hub: median(hubRates),
        anchor: median(anchorRates),
        ...(hubLatencies.length === 0
          ? {}
          : { hubP99: percentile(hubLatencies, 0.99), anchorP99: percentile(anchorLatencies, 0.99) }),
      });
    }
    return rows;
  } finally {
    peer.stdin.end();
    await new Promise((resolve) => peer.once('exit', resolve));
    await raw.end();
    await rawPool.end();
    await hub.close();
    await server.stop();
  }
}

export function eventHubPostgresSection(rows: readonly EventHubPostgresRow[], when?: string): string[] {
  return [
    '## Event hub on PostgreSQL (anchor: the same exchange on bare LISTEN/NOTIFY)',
    '',
    ...(when === undefined ? [] : [when, '']),
    `Two processes on one local PostgreSQL server (started by the bench). The hub's request is a mailbox row and a notification, taken by one of the peer's 16 readers, answered by a reply that ends the pending request in the same statement; the anchor sends \`pg_notify\` with an id and the peer answers with \`pg_notify\`, no table. Publications: the hub's \`publish\` against \`pg_notify\` on a pool of 16, counted by the peer. ${rounds} rounds after a warm-up, hub and anchor taking turns; medians over rounds, p99 over every round trip.`,
    '',
    '| measure | hub | anchor | hub ÷ anchor | p99 hub / anchor (ms) |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${Math.round(row.hub).toLocaleString('en-US')} ${row.unit} | ${Math.round(row.anchor).toLocaleString('en-US')} ${row.unit} | ${(row.hub / row.anchor).toFixed(2)}× | ${row.hubP99 === undefined ? '–' : `${row.hubP99.toFixed(2)} / ${row.anchorP99?.toFixed(2)}`} |`,
    ),
    '',
    "The goal of at least 0.8× the anchor for a request and its reply is not met. The anchor makes two statements on the way (the request's notification, the reply's); the hub makes three: the request with its mailbox row, the reader's taking of that row (which is what gives each request to exactly one reader, in whichever process, and keeps it when no reader runs yet), and the reply that ends the pending request. Handing a request straight to a reader already waiting, in the sender's statement, would save the third; it needs readers registered as rows and a rule for a reader's process that ends between the hand-over and its confirmation.",
    '',
  ];
}

export async function eventHubPostgresBenchSection(when?: string): Promise<string[]> {
  return eventHubPostgresSection(await measureEventHubPostgres(), when);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${(await eventHubPostgresBenchSection()).join('\n')}\n`);
}
