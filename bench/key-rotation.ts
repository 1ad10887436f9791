// Key rotation of 100,000 memories on SQLite and on PostgreSQL: `KeyRotator.rotate` (two phases
// with the state marker: staged copies, then the swap) in entries/s, against the anchor — the same
// re-encryption in one pass in place through the same store (`listEntries`, decrypt, encrypt,
// `storeMany`), with no staging, no marker and no resume, what a hand-written migration would do.
// The ratio is what the crash safety costs. Each side works on a store of its own, filled the same
// way just before it (so neither inherits what the other left), one after the other in one process.
// `npm run bench -- key-rotation`; alone: `node --conditions=@orkeon/source --import tsx bench/key-rotation.ts`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  AesGcmEncryptionProvider,
  createLogger,
  decryptMemoryContent,
  type EncryptionProvider,
  isEncryptedContent,
  type MemoryEntry,
  type MemoryProvider,
  sealMemoryItem,
} from '@orkeon/core';
import { KeyRotator } from '@orkeon/key-rotation';
import { PostgresMemoryProvider } from '@orkeon/memory-postgres';
import { SqliteMemoryProvider } from '@orkeon/store-sqlite';
import { startPostgresServer } from '@orkeon/testing';

const entries = 100_000;
const dimensions = 384;
const batchSize = 100;

export interface KeyRotationRow {
  readonly store: string;
  /** Entries/s of `KeyRotator.rotate`. */
  readonly rotator: number;
  /** Entries/s of the one-pass anchor. */
  readonly anchor: number;
}

const keyA = new AesGcmEncryptionProvider({ key: Buffer.alloc(32, 1), keyVersion: 'a' });
const keyB = new AesGcmEncryptionProvider({ key: Buffer.alloc(32, 2), keyVersion: 'b' });

/** A memory of about 120 characters with a vector of 384 dimensions, sealed with key A. */
async function memory(index: number): Promise<MemoryEntry> {
  const key = `memory/${index.toString().padStart(6, '0')}`;
  const embedding = Array.from({ length: dimensions }, (_, position) => Math.sin(index * 0.37 + position * 0.11));
  const item = await sealMemoryItem(keyA, key, {
    id: key,
    content: `Memory ${index}: the customer asked about invoice ${index * 7} and was told it ships on day ${index % 28}.`,
    type: 'episodic',
    importance: 0.5,
    embedding,
    metadata: {
      createdAt: '2026-01-01T00:00:00.000Z',
      source: 'bench',
      tags: [`batch-${index % 10}`],
      accessCount: 0,
      customProperties: {},
    },
  });
  return { key, item };
}

async function fill(store: MemoryProvider): Promise<void> {
  for (let start = 0; start < entries; start += 1_000) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(1_000, entries - start) }, (_, offset) => memory(start + offset)),
    );
    await store.storeMany?.(batch);
  }
}

/** The anchor: one pass, each page decrypted, sealed with the other key and written back in place. */
async function onePass(store: MemoryProvider, from: EncryptionProvider, to: EncryptionProvider): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const page =
      (await store.listEntries?.(after === undefined ? { limit: batchSize } : { after, limit: batchSize })) ?? [];
    const sealed = page.filter(({ item }) => isEncryptedContent(item.content));
    const rewritten = await Promise.all(
      sealed.map(async ({ key, item }) => ({
        key,
        item: await sealMemoryItem(to, key, { ...item, content: await decryptMemoryContent(from, key, item.content) }),
      })),
    );
    if (rewritten.length > 0) await store.storeMany?.(rewritten);
    if (page.length < batchSize) return;
    after = page.at(-1)?.key;
  }
}

/** Entries/s of one side, on a store `open` makes and this fills. */
async function entriesPerSecond(
  open: (name: string) => Promise<MemoryProvider>,
  name: string,
  rotate: (store: MemoryProvider) => Promise<void>,
): Promise<number> {
  const store = await open(name);
  try {
    await fill(store);
    const started = performance.now();
    await rotate(store);
    return entries / ((performance.now() - started) / 1000);
  } finally {
    await store.close?.();
  }
}

/** The rotator (key A to key B) and the anchor, each on a store of its own. */
async function measureStore(label: string, open: (name: string) => Promise<MemoryProvider>): Promise<KeyRotationRow> {
  const rotator = await entriesPerSecond(open, 'rotator', async (store) => {
    const result = await new KeyRotator({ batchSize }).rotate(store, keyA, keyB);
    if (result.rotatedEntries !== entries) throw new Error(`${label}: rotated ${result.rotatedEntries} of ${entries}`);
  });
  const anchor = await entriesPerSecond(open, 'anchor', (store) => onePass(store, keyA, keyB));
  process.stderr.write(`${label}: ${Math.round(rotator)} vs ${Math.round(anchor)} entries/s\n`);
  return { store: label, rotator, anchor };
}

export async function measureKeyRotation(): Promise<KeyRotationRow[]> {
  const rows: KeyRotationRow[] = [];
  const folder = await mkdtemp(join(tmpdir(), 'orkeon-bench-rotation-'));
  try {
    const sqlite = async (name: string) => new SqliteMemoryProvider({ path: join(folder, `${name}.db`) });
    rows.push(await measureStore('SQLite (file)', sqlite));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  await using server = await startPostgresServer();
  const postgres = async (name: string) =>
    new PostgresMemoryProvider({
      connectionString: server.connectionString,
      table: `bench_${name}`,
      logger: createLogger({ level: 'error' }),
    });
  rows.push(await measureStore('PostgreSQL (local server, real[] vectors)', postgres));
  return rows;
}

export function keyRotationSection(rows: readonly KeyRotationRow[], measured?: string): string[] {
  const format = (value: number) => Math.round(value).toLocaleString('en-US');
  return [
    '## Key rotation',
    '',
    `${entries.toLocaleString('en-US')} memories of about 120 characters, each with a vector of ${dimensions} dimensions, sealed with AES-256-GCM; batches of ${batchSize}; each side on a store of its own, filled the same way just before it. The rotator is \`KeyRotator.rotate\`: staged copies, the state marker, then the swap (each copy replaces its entry and is deleted), so that a stop anywhere loses nothing and seals nothing twice. The anchor re-encrypts in one pass in place through the same store, with none of that.${measured === undefined ? '' : ` ${measured}`}`,
    '',
    '| store | rotator (entries/s) | one pass in place (entries/s) | rotator ÷ one pass |',
    '| --- | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.store} | ${format(row.rotator)} | ${format(row.anchor)} | ${(row.rotator / row.anchor).toFixed(2)}× |`,
    ),
    '',
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${keyRotationSection(await measureKeyRotation()).join('\n')}\n`);
}
