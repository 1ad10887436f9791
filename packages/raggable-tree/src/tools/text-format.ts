import type { SymbolNode } from '../graph/graph-nodes.js';
import type { IndexCounts } from '../indexing/index-report.js';

/** `/crew/src/app.ts:12-30` */
export function location(symbol: SymbolNode): string {
  return symbol.startLine === symbol.endLine
    ? `${symbol.file}:${symbol.startLine}`
    : `${symbol.file}:${symbol.startLine}-${symbol.endLine}`;
}

/** `method pkg::src/app::Greeter::greet` */
export function labelOf(symbol: SymbolNode): string {
  return `${symbol.kind} ${symbol.id}`;
}

/** The first `limit` items, and how many more there are. */
export function capped<T>(items: readonly T[], limit: number, render: (item: T) => string, separator = ', '): string {
  const shown = items.slice(0, limit).map(render).join(separator);
  const more = items.length - limit;
  return more > 0 ? `${shown}${separator}… ${more} more` : shown;
}

/** `typescript 8, python 4` */
export function describeLanguages(languages: IndexCounts['languages']): string {
  const entries = Object.entries(languages).sort(([, a], [, b]) => (b ?? 0) - (a ?? 0));
  return entries.length === 0 ? 'no source files' : entries.map(([name, count]) => `${name} ${count}`).join(', ');
}

/** `12 file(s), 85 symbol(s), 2 package(s)` */
export function describeCounts(counts: IndexCounts): string {
  const statements = counts.statements > 0 ? `, ${counts.statements} statement(s)` : '';
  return `${counts.files} file(s), ${counts.symbols} symbol(s)${statements}, ${counts.packages} package(s); ${describeLanguages(counts.languages)}`;
}
