// One file over 300 lines: the audit trail conformance suite, every rule each adapter must keep.
import {
  type AuditKind,
  type AuditOutcome,
  type AuditQuery,
  type AuditRecord,
  type AuditTrail,
  OrkeonError,
  type StoredAuditRecord,
} from '@orkeon/core';
import type { ConformanceTestApi } from './conformance-test-api.js';

/** An audit trail for one test, and the way a restarted process would open the same storage. */
export interface AuditTrailFixture {
  readonly trail: AuditTrail;
  /**
   * Another trail over the same storage (the same file or schema), as a new process
   * would open it. Left out by a trail that keeps records only for the process: the
   * suite then reads the records back from `trail`.
   */
  reopen?(): Promise<AuditTrail>;
  /** Releases the trail and every reopened one. */
  dispose(): Promise<void>;
}

/** A record at `minutes` past 09:00 UTC on 2026-01-01, with whatever else the test sets. */
function record(minutes: number, fields: Partial<AuditRecord> = {}): AuditRecord {
  return {
    at: new Date(Date.UTC(2026, 0, 1, 9, minutes)).toISOString(),
    kind: 'tool',
    outcome: 'Success',
    ...fields,
  };
}

/** The records as a query answers them, without the sequence the store gave them. */
function withoutSequence(records: readonly StoredAuditRecord[]): AuditRecord[] {
  return records.map(({ sequence: _sequence, ...rest }) => rest);
}

function sequences(records: readonly StoredAuditRecord[]): number[] {
  return records.map((stored) => stored.sequence);
}

function strictlyDecreasing(numbers: readonly number[]): boolean {
  return numbers.every((number, index) => index === 0 || number < (numbers[index - 1] as number));
}

/** What a call rejected with, for checks beyond the code. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

/**
 * The rules every `AuditTrail` keeps, run against each adapter (in memory, SQLite,
 * PostgreSQL) with exactly the same cases; a host's own trail can run them too.
 * `createFixture` gives a fresh, empty trail for each test; the suite disposes it
 * afterwards.
 */
export function describeAuditTrailConformance(
  test: ConformanceTestApi,
  trailName: string,
  createFixture: () => Promise<AuditTrailFixture>,
): void {
  const { describe, it, expect, beforeEach, afterEach } = test;
  describe(`${trailName} keeps the audit trail rules`, () => {
    let fixture: AuditTrailFixture;
    let trail: AuditTrail;

    beforeEach(async () => {
      fixture = await createFixture();
      trail = fixture.trail;
    });

    afterEach(async () => {
      await fixture.dispose();
    });

    const expectQueryRefused = async (query: AuditQuery, reason: string) => {
      const error = await rejectionOf(trail.query(query));
      expect(OrkeonError.isInstance(error), reason).toBe(true);
      expect(error, reason).toMatchObject({ code: 'AUDIT_QUERY_INVALID' });
    };

    const expectBatchRefused = async (batch: readonly AuditRecord[], reason: string) => {
      const error = await rejectionOf(trail.append(batch));
      expect(OrkeonError.isInstance(error), reason).toBe(true);
      expect(error, reason).toMatchObject({ code: 'AUDIT_RECORD_INVALID' });
    };

    it('gives back every field appended, newest first, each with a greater sequence than the one before', async () => {
      const full = record(0, {
        kind: 'guardian',
        outcome: 'Blocked',
        tool: 'read_file',
        agent: 'researcher',
        crew: 'writers',
        task: 'research',
        run: 'run-1',
        caller: 'mcp',
        durationMilliseconds: 12.5,
        detail: 'ToolExecution: path-traversal, ünïcødé "quotes" \\ and\nnew lines 😀',
      });
      const bare = record(1, { kind: 'permission', outcome: 'Failure' });
      await trail.append([full, bare]);
      await trail.append([record(2, { detail: 'third' })]);
      const found = await trail.query();
      expect(withoutSequence(found)).toEqual([record(2, { detail: 'third' }), bare, full]);
      expect(strictlyDecreasing(sequences(found))).toBe(true);
      expect(found.every((stored) => Number.isInteger(stored.sequence) && stored.sequence > 0)).toBe(true);
      // A field never given is absent, not null or undefined.
      expect(Object.keys(found[1] as object).sort()).toEqual(['at', 'kind', 'outcome', 'sequence']);
    });

    it('orders by sequence, not by time: a record appended later with an earlier time comes first', async () => {
      await trail.append([record(30, { detail: 'appended first' })]);
      await trail.append([record(10, { detail: 'appended second' })]);
      expect((await trail.query()).map((stored) => stored.detail)).toEqual(['appended second', 'appended first']);
    });

    it('an empty batch stores nothing, and an empty trail answers an empty list', async () => {
      expect(await trail.query()).toEqual([]);
      await trail.append([]);
      expect(await trail.query()).toEqual([]);
    });

    it('filters by since (inclusive, by instant), outcome and kind, each alone', async () => {
      await trail.append([
        record(0, { kind: 'tool', outcome: 'Success', detail: 'a' }),
        record(10, { kind: 'guardian', outcome: 'Blocked', detail: 'b' }),
        record(20, { kind: 'permission', outcome: 'Blocked', detail: 'c' }),
        record(30, { kind: 'tool', outcome: 'Failure', detail: 'd' }),
        record(40, { kind: 'permission', outcome: 'Success', detail: 'e' }),
      ]);
      const details = async (query: AuditQuery) => (await trail.query(query)).map((stored) => stored.detail);
      expect(await details({ since: new Date(Date.UTC(2026, 0, 1, 9, 20)) })).toEqual(['e', 'd', 'c']);
      // The same instant written with an offset: since compares instants, not texts.
      expect(await details({ since: new Date('2026-01-01T11:20:00.001+02:00') })).toEqual(['e', 'd']);
      expect(await details({ since: new Date(Date.UTC(2026, 0, 1, 10)) })).toEqual([]);
      expect(await details({ since: new Date(Date.UTC(2025, 0, 1)) })).toEqual(['e', 'd', 'c', 'b', 'a']);
      expect(await details({ outcome: 'Blocked' })).toEqual(['c', 'b']);
      expect(await details({ outcome: 'Success' })).toEqual(['e', 'a']);
      expect(await details({ kind: 'tool' })).toEqual(['d', 'a']);
      expect(await details({ kind: 'guardian' })).toEqual(['b']);
      expect(await details({ limit: 2 })).toEqual(['e', 'd']);
      expect(await details({ limit: 1 })).toEqual(['e']);
    });

    it('combines the filters, and the limit counts only the records that match', async () => {
      await trail.append([
        record(0, { kind: 'permission', outcome: 'Blocked', detail: 'old blocked permission' }),
        record(10, { kind: 'permission', outcome: 'Blocked', detail: 'p1' }),
        record(20, { kind: 'guardian', outcome: 'Blocked', detail: 'g1' }),
        record(30, { kind: 'permission', outcome: 'Success', detail: 'allowed' }),
        record(40, { kind: 'permission', outcome: 'Blocked', detail: 'p2' }),
        record(50, { kind: 'tool', outcome: 'Blocked', detail: 't1' }),
        record(60, { kind: 'permission', outcome: 'Blocked', detail: 'p3' }),
      ]);
      const details = async (query: AuditQuery) => (await trail.query(query)).map((stored) => stored.detail);
      const since = new Date(Date.UTC(2026, 0, 1, 9, 10));
      expect(await details({ since, outcome: 'Blocked', kind: 'permission' })).toEqual(['p3', 'p2', 'p1']);
      expect(await details({ since, outcome: 'Blocked', kind: 'permission', limit: 2 })).toEqual(['p3', 'p2']);
      expect(await details({ outcome: 'Blocked', kind: 'permission', limit: 10 })).toEqual([
        'p3',
        'p2',
        'p1',
        'old blocked permission',
      ]);
      expect(await details({ since, kind: 'permission' })).toEqual(['p3', 'p2', 'allowed', 'p1']);
      expect(await details({ since, outcome: 'Blocked', limit: 3 })).toEqual(['p3', 't1', 'p2']);
      expect(await details({ outcome: 'Success', kind: 'guardian' })).toEqual([]);
    });

    it('answers at most 100 records by default, the newest; a limit up to 10,000 gives more', async () => {
      await trail.append(Array.from({ length: 150 }, (_, index) => record(index, { detail: `${index}` })));
      const newest = await trail.query();
      expect(newest).toHaveLength(100);
      expect(newest[0]?.detail).toBe('149');
      expect(newest.at(-1)?.detail).toBe('50');
      expect(await trail.query({ limit: 10_000 })).toHaveLength(150);
      expect(await trail.query({ limit: 150 })).toHaveLength(150);
    });

    it('refuses a query with an unusable limit, outcome, kind or date (AUDIT_QUERY_INVALID)', async () => {
      await trail.append([record(0)]);
      for (const limit of [0, -1, 10_001, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
        await expectQueryRefused({ limit }, `limit ${limit}`);
      await expectQueryRefused({ outcome: 'Maybe' as AuditOutcome }, 'outcome Maybe');
      await expectQueryRefused({ outcome: 'blocked' as AuditOutcome }, 'outcome in the wrong case');
      await expectQueryRefused({ kind: 'model' as AuditKind }, 'kind model');
      await expectQueryRefused({ since: new Date('not a date') }, 'an invalid date');
      await expectQueryRefused({ since: new Date(Date.UTC(2026, 0, 1)), limit: 0 }, 'a good date with a bad limit');
      expect(await trail.query({ limit: 1 })).toHaveLength(1);
    });

    it('refuses a batch holding an invalid record (AUDIT_RECORD_INVALID), storing nothing of it', async () => {
      await trail.append([record(0, { detail: 'kept' })]);
      const invalid: readonly [string, AuditRecord][] = [
        ['an unknown kind', record(1, { kind: 'model' as AuditKind })],
        ['an unknown outcome', record(1, { outcome: 'Maybe' as AuditOutcome })],
        ['no kind', { at: record(1).at, outcome: 'Success' } as AuditRecord],
        ['a time that is not one', record(1, { at: 'yesterday' })],
        ['an empty time', record(1, { at: '' })],
        ['no time', { kind: 'tool', outcome: 'Success' } as AuditRecord],
      ];
      for (const [reason, bad] of invalid) {
        await expectBatchRefused([bad], reason);
        await expectBatchRefused([record(2, { detail: 'before' }), bad, record(3, { detail: 'after' })], reason);
        await expectBatchRefused([record(2, { detail: 'before' }), record(3, { detail: 'after' }), bad], reason);
      }
      expect((await trail.query()).map((stored) => stored.detail)).toEqual(['kept']);
      await trail.append([record(4, { detail: 'still writable' })]);
      expect((await trail.query()).map((stored) => stored.detail)).toEqual(['still writable', 'kept']);
    });

    it('keeps only the known fields: arguments or output passed along are not stored', async () => {
      const withExtras = {
        ...record(0, { tool: 'send_email', detail: 'Success' }),
        input: { to: 'someone@example.com', body: 'secret-argument' },
        output: 'secret-output',
        arguments: '{"password":"secret-password"}',
      } as AuditRecord;
      await trail.append([withExtras]);
      const [stored] = await trail.query();
      expect(stored).toEqual({ ...record(0, { tool: 'send_email', detail: 'Success' }), sequence: stored?.sequence });
      expect(JSON.stringify(stored).includes('secret')).toBe(false);
      if (fixture.reopen !== undefined) {
        const [reread] = await (await fixture.reopen()).query();
        expect(JSON.stringify(reread).includes('secret')).toBe(false);
      }
    });

    it('stores the time as ISO UTC with milliseconds, whatever offset or precision it was given in', async () => {
      await trail.append([
        record(0, { at: '2026-01-01T10:00:00+02:00', detail: 'offset' }),
        record(0, { at: '2026-01-01T08:00:00Z', detail: 'no milliseconds' }),
        record(0, { at: '2026-01-01', detail: 'date only' }),
        record(0, { at: '2026-01-01T08:00:00.123-05:30', detail: 'negative offset' }),
      ]);
      const byDetail = new Map((await trail.query()).map((stored) => [stored.detail, stored.at]));
      expect(Object.fromEntries(byDetail)).toEqual({
        offset: '2026-01-01T08:00:00.000Z',
        'no milliseconds': '2026-01-01T08:00:00.000Z',
        'date only': '2026-01-01T00:00:00.000Z',
        'negative offset': '2026-01-01T13:30:00.123Z',
      });
    });

    it('prune removes exactly the records older than the date and answers how many', async () => {
      await trail.append([
        record(0, { detail: 'old' }),
        record(9, { at: '2026-01-01T09:09:59.999Z', detail: 'a millisecond too old' }),
        record(10, { detail: 'at the limit' }),
        record(20, { detail: 'new' }),
      ]);
      // Appended later with an older time: prune goes by time, not by sequence.
      await trail.append([record(5, { detail: 'late but old' })]);
      const before = await trail.query();
      expect(await trail.prune(new Date(Date.UTC(2026, 0, 1, 9, 10)))).toBe(3);
      const after = await trail.query();
      expect(after.map((stored) => stored.detail)).toEqual(['new', 'at the limit']);
      // What stays is untouched, sequence included.
      expect(after).toEqual(before.filter((stored) => ['new', 'at the limit'].includes(stored.detail ?? '')));
      expect(await trail.prune(new Date(Date.UTC(2026, 0, 1, 9, 10)))).toBe(0);
      expect(await trail.prune(new Date(Date.UTC(2020, 0, 1)))).toBe(0);
      expect(await trail.query()).toHaveLength(2);
      const refused = await rejectionOf(trail.prune(new Date('not a date')));
      expect(refused).toMatchObject({ code: 'AUDIT_QUERY_INVALID' });
      expect(await trail.query()).toHaveLength(2);
    });

    it('hands out copies: changing a record read back changes nothing stored', async () => {
      await trail.append([record(0, { detail: 'kept' })]);
      const [read] = await trail.query();
      (read as { detail?: string }).detail = 'changed';
      expect((await trail.query())[0]?.detail).toBe('kept');
    });

    it('never gives a sequence twice: records appended after a prune of the newest come after', async () => {
      await trail.append([record(0), record(1), record(2)]);
      const highest = (await trail.query({ limit: 1 }))[0]?.sequence ?? 0;
      expect(await trail.prune(new Date(Date.UTC(2030, 0, 1)))).toBe(3);
      expect(await trail.query()).toEqual([]);
      await trail.append([record(3, { detail: 'after the prune' })]);
      const [next] = await trail.query();
      expect(next?.detail).toBe('after the prune');
      expect(next?.sequence ?? 0).toBeGreaterThan(highest);
    });

    it('appends a batch of 1,000 records in one call, all of them in order', async () => {
      const batch = Array.from({ length: 1000 }, (_, index) => record(index % 60, { detail: `record ${index}` }));
      await trail.append(batch);
      const found = await trail.query({ limit: 10_000 });
      expect(found).toHaveLength(1000);
      expect(withoutSequence(found).reverse()).toEqual(batch);
      expect(strictlyDecreasing(sequences(found))).toBe(true);
    });

    it('concurrent appends all land, each batch in its own order', async () => {
      const batches = Array.from({ length: 8 }, (_, batch) =>
        Array.from({ length: 5 }, (_, index) => record(index, { run: `run-${batch}`, detail: `${index}` })),
      );
      await Promise.all(batches.map((batch) => trail.append(batch)));
      const found = await trail.query({ limit: 1000 });
      expect(found).toHaveLength(40);
      expect(strictlyDecreasing(sequences(found))).toBe(true);
      for (let batch = 0; batch < batches.length; batch++) {
        const ofBatch = found.filter((stored) => stored.run === `run-${batch}`).reverse();
        expect(ofBatch.map((stored) => stored.detail)).toEqual(['0', '1', '2', '3', '4']);
      }
    });

    it('records survive a new instance over the same storage, which goes on with greater sequences', async () => {
      await trail.append([record(0, { detail: 'first', tool: 'search', durationMilliseconds: 3 }), record(1)]);
      const written = await trail.query();
      const reopened = fixture.reopen === undefined ? trail : await fixture.reopen();
      expect(await reopened.query()).toEqual(written);
      await reopened.append([record(2, { detail: 'from the new instance' })]);
      const [newest] = await reopened.query({ limit: 1 });
      expect(newest?.detail).toBe('from the new instance');
      expect(newest?.sequence ?? 0).toBeGreaterThan(written[0]?.sequence ?? 0);
      expect((await trail.query()).map((stored) => stored.detail)).toEqual([
        'from the new instance',
        undefined,
        'first',
      ]);
    });
  });
}
