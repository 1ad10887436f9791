import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { auditKinds, auditOutcomes, type StoredAuditRecord } from '@orkeon/core';
import { sqliteFileTables } from '@orkeon/store-sqlite';
import type { CliCommandAction } from '../cli-command.js';
import { ExitCode } from '../exit-codes.js';
import { openAuditTrail } from '../run/open-audit-trail.js';
import { postgresStoresFor } from '../run/postgres-stores.js';
import { UsageError } from '../usage-error.js';

interface AuditOptions {
  since?: string;
  outcome?: string;
  kind?: string;
  limit?: string;
  state?: string;
  json?: boolean;
}

/**
 * What `orkeon audit` does: reads the audit trail of the state database (or of PostgreSQL
 * when the settings name it), newest first, filtered by age, outcome and kind, and prints
 * a table or JSON. It never shows arguments: the records hold none.
 */
export const auditAction: CliCommandAction = {
  async run(context, command) {
    const options = command.opts<AuditOptions>();
    const since = options.since === undefined ? undefined : sinceDate(options.since, new Date());
    const outcome = options.outcome === undefined ? undefined : named(options.outcome, auditOutcomes, 'outcome');
    const kind = options.kind === undefined ? undefined : named(options.kind, auditKinds, 'kind');
    const limit = options.limit === undefined ? undefined : count(options.limit);
    const configuration = await context.configuration();
    const statePath = resolve(context.io.workingDirectory, options.state ?? join('.orkeon', 'state.db'));
    const postgres = await postgresStoresFor(configuration);
    // Reading must not create an empty database where none was: that would hide a wrong folder.
    if (postgres === undefined && !existsSync(statePath))
      throw new UsageError(
        `No state database at ${statePath}: runs write their audit trail there. Run orkeon audit in the crew's folder, or give --state <file>.`,
      );
    // Opening a state file migrates it: a file that is not one is refused before anything writes to it.
    if (postgres === undefined) {
      const tables = sqliteFileTables(statePath);
      if (!stateTables.some((table) => tables.includes(table)))
        throw new UsageError(
          `${statePath} is not an Orkeon state database (it has none of the tables ${stateTables.join(', ')}); give the .orkeon/state.db of a crew's folder with --state <file>.`,
        );
      if (!tables.includes('audit_records')) {
        context.io.stdout.write(options.json === true ? '[]\n' : 'No audit records match.\n');
        return ExitCode.ok;
      }
    }
    const trail = openAuditTrail(configuration, statePath, postgres);
    try {
      const records = await trail.query({
        ...(since === undefined ? {} : { since }),
        ...(outcome === undefined ? {} : { outcome }),
        ...(kind === undefined ? {} : { kind }),
        ...(limit === undefined ? {} : { limit }),
      });
      const out = context.io.stdout;
      if (options.json === true) out.write(`${JSON.stringify(records, null, 2)}\n`);
      else if (records.length === 0) out.write('No audit records match.\n');
      else out.write(table(records));
      return ExitCode.ok;
    } finally {
      await trail.close();
    }
  },
};

/** Tables only an Orkeon state file has. */
const stateTables = ['sessions', 'documents', 'audit_records'];

const units: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `30m`, `24h`, `7d`, `2w` before now, or an ISO date. */
export function sinceDate(text: string, now: Date): Date {
  const relative = /^(\d+(?:\.\d+)?)\s*([smhdw])$/i.exec(text.trim());
  if (relative !== undefined && relative !== null)
    return new Date(now.getTime() - Number(relative[1]) * (units[(relative[2] ?? 's').toLowerCase()] ?? 1_000));
  const date = new Date(text);
  if (!Number.isNaN(date.getTime()) && /^\d{4}-\d{2}-\d{2}/.test(text.trim())) return date;
  throw new UsageError(
    `--since '${text}' is neither a duration nor a date: give a number and a unit (30m, 24h, 7d, 2w) or an ISO date (2026-11-01).`,
  );
}

function named<T extends string>(text: string, allowed: readonly T[], what: string): T {
  const found = allowed.find((value) => value.toLowerCase() === text.trim().toLowerCase());
  if (found === undefined)
    throw new UsageError(
      `Unknown ${what} '${text}'; the ${what}s are ${allowed.map((value) => value.toLowerCase()).join(', ')}.`,
    );
  return found;
}

function count(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 10_000)
    throw new UsageError(`--limit '${text}' must be a whole number from 1 to 10000.`);
  return value;
}

function table(records: readonly StoredAuditRecord[]): string {
  const rows = records.map((record) => [
    record.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
    record.kind,
    record.outcome,
    record.tool ?? '',
    record.agent ?? '',
    record.task ?? '',
    record.durationMilliseconds === undefined ? '' : `${Math.round(record.durationMilliseconds)} ms`,
    record.detail ?? '',
  ]);
  const header = ['time', 'kind', 'outcome', 'tool', 'agent', 'task', 'took', 'detail'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}
