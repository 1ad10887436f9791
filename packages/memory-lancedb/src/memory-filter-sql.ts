import type { MemoryFilter } from '@orkeon/core';

/**
 * `value` as an SQL string literal. LanceDB's SQL (DataFusion) reads a quote doubled as
 * one quote and nothing else in a literal as syntax, so no value can end the literal.
 */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The `where` clause that keeps one key. */
export function keyPredicate(key: string): string {
  return `key = ${sqlString(key)}`;
}

/** The `where` clause of a memory filter (every condition holds), or undefined when it keeps everything. */
export function filterPredicate(filter: MemoryFilter | undefined): string | undefined {
  if (filter === undefined) return undefined;
  const conditions: string[] = [];
  if (filter.type !== undefined) conditions.push(`type = ${sqlString(filter.type)}`);
  if (filter.source !== undefined) conditions.push(`source = ${sqlString(filter.source)}`);
  for (const tag of new Set(filter.tags ?? [])) conditions.push(`array_has(tags, ${sqlString(tag)})`);
  return conditions.length === 0 ? undefined : conditions.join(' AND ');
}
