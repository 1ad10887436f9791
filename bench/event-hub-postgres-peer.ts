// The other process of bench/event-hub-postgres.ts: answers requests on the PostgreSQL hub (at
// crew://peer, 16 readers), on the same durable exchange written directly on `pg` (16 readers
// taking rows of bench_durable.mailbox, woken by channel bench_durable_posted), and on bare
// LISTEN/NOTIFY (channel bench_request → bench_reply), and counts publications on the hub and
// bare NOTIFY (topic `load`, channel bench_load). A line `{"until":n,"kind":…}` on
// standard input asks it to write `{"done":kind}` once n publications of that kind arrived in all.
import { createInterface } from 'node:readline';
import { PostgresEventHub } from '@orkeon/event-hub-postgres';
import pg from 'pg';

const [connectionString = '', schema = 'bench'] = process.argv.slice(2);
const hub = new PostgresEventHub({ connectionString, schema });
await hub.ready();
const peer = hub.connect({ crewId: 'peer' });
const readers = 16;
for (let index = 0; index < readers; index++)
  void (async () => {
    for (;;) {
      const request = await peer.receive('crew://peer', 'forever');
      if (request?.correlationId !== undefined) await peer.reply(request.correlationId, request.payload);
    }
  })();

const raw = new pg.Client({ connectionString });
await raw.connect();

// The durable exchange by hand: the hub's statements without the hub. A reader takes the oldest
// row no other reader is taking; with none, it waits for a notification (one wakes one reader).
const durablePool = new pg.Pool({ connectionString });
const idleReaders: (() => void)[] = [];
let unclaimedRings = 0;
const ring = () => {
  const reader = idleReaders.shift();
  if (reader === undefined) unclaimedRings++;
  else reader();
};
const rung = () =>
  new Promise<void>((resolve) => {
    if (unclaimedRings > 0) {
      unclaimedRings--;
      resolve();
    } else idleReaders.push(resolve);
  });
for (let index = 0; index < readers; index++)
  void (async () => {
    for (;;) {
      const taken = await durablePool.query<{ message: string }>({
        name: 'take',
        text: `DELETE FROM bench_durable.mailbox WHERE seq = (
          SELECT seq FROM bench_durable.mailbox WHERE mailbox = $1 ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED
        ) RETURNING message`,
        values: ['crew://peer'],
      });
      const row = taken.rows[0];
      if (row === undefined) {
        await rung();
        continue;
      }
      const request = JSON.parse(row.message) as { correlationId: string; payload: unknown };
      await durablePool.query({
        name: 'reply',
        text: `WITH answered AS (DELETE FROM bench_durable.requests WHERE correlation_id = $1 AND expires_at > now() RETURNING 1)
          SELECT pg_notify('bench_durable_reply', $2) FROM answered`,
        values: [request.correlationId, JSON.stringify({ id: request.correlationId, payload: request.payload })],
      });
    }
  })();
const counted = { hub: 0, raw: 0 };
let waiting: { kind: 'hub' | 'raw'; until: number } | undefined;
const count = (kind: 'hub' | 'raw', arrived = 1) => {
  counted[kind] += arrived;
  if (waiting?.kind === kind && counted[kind] >= waiting.until) {
    waiting = undefined;
    process.stdout.write(`${JSON.stringify({ done: kind })}\n`);
  }
};
let rawReplies: Promise<void> = Promise.resolve();
raw.on('notification', (notification) => {
  if (notification.channel === 'bench_durable_posted') ring();
  else if (notification.channel === 'bench_request') {
    // One query at a time on the connection, in the order the requests came.
    const payload = notification.payload ?? '';
    rawReplies = rawReplies
      .then(() => raw.query('SELECT pg_notify($1, $2)', ['bench_reply', payload]))
      .then(() => undefined);
  } else if (notification.channel === 'bench_load') count('raw');
});
await raw.query('LISTEN bench_request');
await raw.query('LISTEN bench_durable_posted');
await raw.query('LISTEN bench_load');
void (async () => {
  for await (const _message of peer.subscribe('load')) count('hub');
})();

const control = createInterface({ input: process.stdin });
control.on('line', (line) => {
  const { until, kind } = JSON.parse(line) as { until: number; kind: 'hub' | 'raw' };
  waiting = { kind, until };
  // Some may have arrived before this line.
  count(kind, 0);
});
control.on('close', () => process.exit(0));
process.stdout.write('{"ready":true}\n');
