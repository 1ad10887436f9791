// The other process of bench/event-hub-postgres.ts: answers requests on the PostgreSQL hub (at
// crew://peer, 16 readers) and on bare LISTEN/NOTIFY (channel bench_request → bench_reply), and
// counts publications on both (topic `load`, channel bench_load). A line `{"expect":n,"kind":…}` on
// standard input asks it to write `{"done":kind}` once n more publications of that kind arrived.
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
const counted = { hub: 0, raw: 0 };
let waiting: { kind: 'hub' | 'raw'; until: number } | undefined;
const count = (kind: 'hub' | 'raw') => {
  counted[kind]++;
  if (waiting?.kind === kind && counted[kind] >= waiting.until) {
    waiting = undefined;
    process.stdout.write(`${JSON.stringify({ done: kind })}\n`);
  }
};
raw.on('notification', (notification) => {
  if (notification.channel === 'bench_request')
    void raw.query('SELECT pg_notify($1, $2)', ['bench_reply', notification.payload ?? '']);
  else if (notification.channel === 'bench_load') count('raw');
});
await raw.query('LISTEN bench_request');
await raw.query('LISTEN bench_load');
void (async () => {
  for await (const _message of peer.subscribe('load')) count('hub');
})();

const control = createInterface({ input: process.stdin });
control.on('line', (line) => {
  const { expect, kind } = JSON.parse(line) as { expect: number; kind: 'hub' | 'raw' };
  waiting = { kind, until: counted[kind] + expect };
});
control.on('close', () => process.exit(0));
process.stdout.write('{"ready":true}\n');
