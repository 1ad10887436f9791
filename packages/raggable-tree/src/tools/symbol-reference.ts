import type { CodeGraph } from '../graph/code-graph.js';
import type { SymbolNode } from '../graph/graph-nodes.js';
import { capped, location } from './text-format.js';

/** The one symbol a tool's `symbol` argument names, or the text that tells the agent how to name it. */
export type SymbolChoice = { readonly symbol: SymbolNode } | { readonly answer: string };

/** How many candidates an ambiguous name lists. */
const listedCandidates = 10;

/**
 * Finds the symbol an agent means: a qualified name, its end (`Class::method`,
 * `Class.method`) or a plain name. Nothing found, or several, is an answer the agent
 * can act on (search, or pick a qualified name), not an error.
 */
export function chooseSymbol(graph: CodeGraph, reference: string): SymbolChoice {
  const found = graph.findSymbols(reference);
  if (found.length === 1) return { symbol: found[0] as SymbolNode };
  if (found.length === 0)
    return {
      answer: `No symbol of the index of ${graph.root} is named '${reference}'. Find it with codebase_search, then give its qualified name (package::module::Class::member).`,
    };
  return {
    answer: `'${reference}' names ${found.length} symbols; call again with one of these qualified names:\n${capped(
      found,
      listedCandidates,
      (symbol) => `- ${symbol.kind} ${symbol.id} (${location(symbol)})`,
      '\n',
    )}`,
  };
}
