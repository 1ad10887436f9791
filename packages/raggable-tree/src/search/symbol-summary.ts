import type { ExtractedSymbol } from '../parsing/extracted-file.js';

/**
 * The text a symbol is embedded and searched by (phase 5, enrich): what it is, where,
 * its signature and its doc comment. It leaves out the package name, so a renamed
 * package keeps its vectors.
 */
export function symbolSummary(symbol: ExtractedSymbol, filePath: string): string {
  const lines = [`${symbol.kind} ${symbol.path.join('.')} in ${filePath}`, symbol.signature];
  if (symbol.doc !== undefined) lines.push(symbol.doc);
  return lines.join('\n');
}
