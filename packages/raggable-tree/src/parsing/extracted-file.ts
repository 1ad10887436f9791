/** What a symbol is (level L3). */
export const symbolKinds = [
  'class',
  'interface',
  'struct',
  'record',
  'enum',
  'type',
  'function',
  'method',
  'constructor',
  'property',
  'field',
  'variable',
] as const;
export type SymbolKind = (typeof symbolKinds)[number];

/** The kinds that run code: they have a complexity, calls and statements. */
export const callableKinds: ReadonlySet<SymbolKind> = new Set(['function', 'method', 'constructor']);

/** The kinds that hold members. */
export const typeKinds: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'struct', 'record', 'enum']);

/** What a statement (level L4) does. */
export const statementKinds = [
  'if',
  'loop',
  'switch',
  'try',
  'return',
  'throw',
  'declaration',
  'assignment',
  'call',
  'expression',
] as const;
export type StatementKind = (typeof statementKinds)[number];

export type Visibility = 'public' | 'protected' | 'private' | 'internal' | 'package';

/** One statement of a function, with its first line of text. */
export interface StatementRecord {
  readonly kind: StatementKind;
  readonly startLine: number;
  readonly endLine: number;
  readonly text: string;
}

/** An import as written in a file: `./util`, `..models`, `github.com/gin-gonic/gin`, `Acme.Models`. */
export interface ImportReference {
  readonly specifier: string;
  readonly line: number;
  /** The names imported from it, when the language says (`from a import b, c`). */
  readonly names?: readonly string[];
}

/** A symbol as the parser found it; its qualified name is made when the graph is built. */
export interface ExtractedSymbol {
  readonly name: string;
  /** Names from the outermost enclosing symbol of the file down to this one: `['Greeter', 'greet']`. */
  readonly path: readonly string[];
  readonly kind: SymbolKind;
  /** Lines count from 1. */
  readonly startLine: number;
  readonly endLine: number;
  /** The declaration up to its body, on one line. */
  readonly signature: string;
  /** The doc comment or docstring, markers taken off. */
  readonly doc?: string;
  /** Visible outside its file or package (exported, public, capitalised in Go). */
  readonly exported: boolean;
  readonly visibility?: Visibility;
  /** Cyclomatic complexity: 1 plus each branch (`if`, loop, `case`, `catch`, `?:`, `&&`, `||`). Callables only. */
  readonly complexity?: number;
  /** The names this callable calls (or constructs), once each, in order; `.name` for a call through an object. */
  readonly calls?: readonly string[];
  /** The types it extends or implements, by name. */
  readonly bases?: readonly string[];
  /** Its statements, when statements are indexed. */
  readonly statements?: readonly StatementRecord[];
}

/** Everything the parser takes from one source file. */
export interface ExtractedFile {
  readonly imports: readonly ImportReference[];
  /** Namespaces or packages the file declares (Java `package`, C# `namespace`, Go `package`). */
  readonly namespaces: readonly string[];
  readonly symbols: readonly ExtractedSymbol[];
  readonly lines: number;
  /** Syntax errors Tree-sitter recovered from; the symbols around them may be incomplete. */
  readonly syntaxErrors: number;
}
