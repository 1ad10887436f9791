import type { Node } from 'web-tree-sitter';
import type { ImportReference, StatementKind, SymbolKind, Visibility } from './extracted-file.js';

/** A symbol a node declares, as a language's rules see it. */
export interface Declaration {
  readonly kind: SymbolKind;
  readonly name: string;
  /** The node the line range and the signature come from. */
  readonly node: Node;
  /** Where the members or the statements are; the signature stops there. Absent: the signature is the whole node. */
  readonly body?: Node | undefined;
  /** The node whose preceding comments document it (an `export` or decorator around it); default `node`. */
  readonly anchor?: Node;
  /** The path of the symbol that holds it when that is not the one around it (a Go method's receiver type). */
  readonly container?: readonly string[];
}

/** The symbol around a node while the tree is walked. */
export interface EnclosingSymbol {
  readonly kind: SymbolKind;
  readonly exported: boolean;
}

/**
 * How one language's syntax tree reads: which node types declare symbols, import, call,
 * branch and make statements. The walker (`extractFile`) asks about a node only when its
 * type is in the matching set, so that most nodes cost one set lookup.
 */
export interface LanguageRules {
  readonly declarationTypes: ReadonlySet<string>;
  /** The symbols `node` declares (a field declaration may declare several); none to skip it. */
  declarations(node: Node, enclosing: EnclosingSymbol | undefined): readonly Declaration[];
  readonly importTypes: ReadonlySet<string>;
  imports(node: Node): readonly ImportReference[];
  readonly namespaceTypes: ReadonlySet<string>;
  namespace(node: Node): string | undefined;
  readonly callTypes: ReadonlySet<string>;
  /** The name a call or construction calls: the last identifier of its callee. */
  callee(node: Node): string | undefined;
  /** Node types that add a branch (anonymous operator tokens such as `&&` included). */
  readonly branchTypes: ReadonlySet<string>;
  /** Whether a node of a branch type really branches (a `default:` label does not); default yes. */
  branches?(node: Node): boolean;
  readonly statementTypes: ReadonlySet<string>;
  statementKind(node: Node): StatementKind | undefined;
  access(declaration: Declaration, enclosing: EnclosingSymbol | undefined): SymbolAccess;
  doc(declaration: Declaration, source: string): string | undefined;
  bases(declaration: Declaration): readonly string[];
}

export interface SymbolAccess {
  readonly exported: boolean;
  readonly visibility?: Visibility;
}

/** The text of a string literal node without its quotes. */
export function unquoted(text: string): string {
  return text.replace(/^[`'"]+|[`'"]+$/g, '');
}

/** The name an expression ends with: `a.b.c` → `c`, `Foo<T>` → `Foo`. */
export function lastName(text: string): string | undefined {
  const cleaned = text.replace(/<[^<>]*>/g, '').replace(/\(.*$/s, '');
  const match = /([A-Za-z_$][\w$]*)\s*$/.exec(cleaned);
  return match?.[1];
}

/**
 * A call through an object (`repo.save()`, `self.save()`) is written `.save`: it may not be
 * the function it is called from (a `save` that calls its store's `save`), while a bare
 * call may (recursion).
 */
export function memberCall(name: string | undefined): string | undefined {
  return name === undefined || name === '' ? undefined : `.${name}`;
}

/** The named children of `node` of the given types. */
export function childrenOfType(node: Node, types: ReadonlySet<string> | string): Node[] {
  const wanted = typeof types === 'string' ? new Set([types]) : types;
  return node.namedChildren.filter((child): child is Node => child !== null && wanted.has(child.type));
}

/** The first named child of `node` of one of the given types. */
export function childOfType(node: Node, types: ReadonlySet<string> | string): Node | undefined {
  return childrenOfType(node, types)[0];
}

/** The identifiers named in a list of types (`extends Base implements A, B<T>` → Base, A, B). */
export function typeNames(node: Node | null | undefined): string[] {
  if (node === null || node === undefined) return [];
  const names = node.descendantsOfType(['identifier', 'type_identifier']).map((child) => child?.text ?? '');
  return [...new Set(names.filter((name) => name !== ''))];
}
