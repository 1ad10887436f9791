// Continuing a long conversation: a thread on SQLite grows to 50, 1,000 and 10,000 turns (a
// user message and an assistant answer each, `Svc:Conversations:MaxTokens` 2,000: the context
// is full from about 30 turns on), and at each size the time to read what the agent continues
// from (`ThreadStore.context`) and to add a turn (`appendTurn`) is measured, median of many
// calls. The goal: flat, reading at 10,000 turns within 1.5× reading at 50 (the history is
// not reread whole per call).
// `npm run bench -- conversations`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ThreadStore } from '@orkeon/core';
import { SqliteDocumentStore } from '@orkeon/store-sqlite';

const sizes = [50, 1_000, 10_000] as const;
const samples = 200;
const limits = { maxTokens: 2_000 };

export interface ConversationMeasure {
  readonly turns: number;
  readonly contextMessages: number;
  readonly contextMicroseconds: number;
  readonly appendMicroseconds: number;
}

function turn(index: number) {
  return [
    { role: 'user' as const, content: `Question ${index}: ${'what about the weather tomorrow? '.repeat(3)}` },
    {
      role: 'assistant' as const,
      content: [{ type: 'text' as const, text: `Answer ${index}: ${'sunny. '.repeat(12)}` }],
    },
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function measureConversations(): Promise<ConversationMeasure[]> {
  const folder = await mkdtemp(join(tmpdir(), 'orkeon-bench-threads-'));
  const store = new SqliteDocumentStore({ path: join(folder, 'threads.db') });
  try {
    const threads = new ThreadStore(store);
    const measures: ConversationMeasure[] = [];
    let written = 0;
    for (const size of sizes) {
      while (written < size) await threads.appendTurn('bench', 'long', turn(written++), limits);
      // Warm-up, then the samples.
      for (let index = 0; index < 500; index++) await threads.context('bench', 'long');
      const reads: number[] = [];
      let contextMessages = 0;
      for (let index = 0; index < samples; index++) {
        const started = performance.now();
        contextMessages = (await threads.context('bench', 'long')).messages.length;
        reads.push(performance.now() - started);
      }
      // Appends on a copy of the thread's state would change it; measure on a second thread of the same size instead.
      const appends: number[] = [];
      for (let index = 0; index < 50; index++) {
        const started = performance.now();
        await threads.appendTurn('bench', `side-${size}`, turn(index), limits);
        appends.push(performance.now() - started);
      }
      measures.push({
        turns: size,
        contextMessages,
        contextMicroseconds: median(reads) * 1000,
        appendMicroseconds: median(appends) * 1000,
      });
    }
    return measures;
  } finally {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  }
}

export function conversationsSection(measures: readonly ConversationMeasure[]): string[] {
  const first = measures[0];
  const last = measures.at(-1);
  const ratio = first === undefined || last === undefined ? 0 : last.contextMicroseconds / first.contextMicroseconds;
  return [
    '## Conversations (a long thread on SQLite)',
    '',
    `One thread on SQLite grows to ${sizes.join(', ')} turns (MaxTokens ${limits.maxTokens}); at each size, the median of ${samples} reads of what the agent continues from (\`ThreadStore.context\`) and of 50 turns added to a new thread. Goal: reading at 10,000 turns within 1.5× reading at 50 (the context is full at both).`,
    '',
    '| turns | messages in context | context read µs | turn added µs |',
    '| ---: | ---: | ---: | ---: |',
    ...measures.map(
      (measure) =>
        `| ${measure.turns.toLocaleString('en-US')} | ${measure.contextMessages} | ${Math.round(measure.contextMicroseconds)} | ${Math.round(measure.appendMicroseconds)} |`,
    ),
    '',
    `Read at ${last?.turns.toLocaleString('en-US')} turns ÷ at ${first?.turns}: ${ratio.toFixed(2)}× (goal ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'missed'}).`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${conversationsSection(await measureConversations()).join('\n')}\n`);
}
