import type { Node, Tree } from 'web-tree-sitter';
import { signatureOf } from './comments.js';
import {
  callableKinds,
  type ExtractedFile,
  type ExtractedSymbol,
  type ImportReference,
  type StatementRecord,
  type SymbolKind,
} from './extracted-file.js';
import type { EnclosingSymbol, LanguageRules } from './language-rules.js';

/** A symbol while its subtree is walked: what it has gathered so far. */
interface OpenSymbol {
  readonly depth: number;
  readonly path: readonly string[];
  readonly kind: SymbolKind;
  readonly exported: boolean;
  readonly index: number;
  branches: number;
  readonly calls: Set<string>;
  readonly statements: StatementRecord[];
}

const maximumStatementText = 120;

/**
 * Phase 2, parse: walks a syntax tree once with a cursor and takes out the file's
 * imports, namespaces and symbols, each callable with its complexity, its calls and,
 * when asked, its statements. Declarations inside a function are not symbols of their
 * own: what they do counts for the function around them.
 */
export function extractFile(
  tree: Tree,
  source: string,
  rules: LanguageRules,
  options: { readonly statements: boolean },
): ExtractedFile {
  const symbols: ExtractedSymbol[] = [];
  const imports: ImportReference[] = [];
  const namespaces: string[] = [];
  const open: OpenSymbol[] = [];
  let syntaxErrors = 0;

  const close = (symbol: OpenSymbol): void => {
    const record = symbols[symbol.index] as ExtractedSymbol;
    if (!callableKinds.has(symbol.kind)) return;
    symbols[symbol.index] = {
      ...record,
      complexity: 1 + symbol.branches,
      ...(symbol.calls.size === 0 ? {} : { calls: [...symbol.calls] }),
      ...(symbol.statements.length === 0 ? {} : { statements: symbol.statements }),
    };
  };
  const innermostCallable = (): OpenSymbol | undefined => {
    for (let index = open.length - 1; index >= 0; index--) {
      const symbol = open[index] as OpenSymbol;
      if (callableKinds.has(symbol.kind)) return symbol;
    }
    return undefined;
  };

  const visit = (node: Node, type: string, depth: number): void => {
    const callable = innermostCallable();
    if (rules.importTypes.has(type)) imports.push(...rules.imports(node));
    if (rules.namespaceTypes.has(type)) {
      const name = rules.namespace(node);
      if (name !== undefined && !namespaces.includes(name)) namespaces.push(name);
    }
    if (callable !== undefined) {
      if (rules.branchTypes.has(type) && (rules.branches?.(node) ?? true)) callable.branches++;
      if (rules.callTypes.has(type)) {
        const name = rules.callee(node);
        if (name !== undefined) callable.calls.add(name);
      }
      if (options.statements && rules.statementTypes.has(type)) {
        const kind = rules.statementKind(node);
        if (kind !== undefined) callable.statements.push(statementOf(node, kind, source));
      }
      // Declarations inside a function belong to it.
      return;
    }
    if (!rules.declarationTypes.has(type)) return;
    const enclosing = open.at(-1);
    const around: EnclosingSymbol | undefined =
      enclosing === undefined ? undefined : { kind: enclosing.kind, exported: enclosing.exported };
    for (const declaration of rules.declarations(node, around)) {
      const path = [...(declaration.container ?? enclosing?.path ?? []), declaration.name];
      const access = rules.access(declaration, around);
      const doc = rules.doc(declaration, source);
      const bases = rules.bases(declaration);
      symbols.push({
        name: declaration.name,
        path,
        kind: declaration.kind,
        startLine: declaration.node.startPosition.row + 1,
        endLine: declaration.node.endPosition.row + 1,
        signature: signatureOf(declaration.node, declaration.body, source),
        ...(doc === undefined ? {} : { doc }),
        exported: access.exported,
        ...(access.visibility === undefined ? {} : { visibility: access.visibility }),
        ...(bases.length === 0 ? {} : { bases }),
      });
      open.push({
        depth,
        path,
        kind: declaration.kind,
        exported: access.exported,
        index: symbols.length - 1,
        branches: 0,
        calls: new Set(),
        statements: [],
      });
    }
  };

  const interesting = new Set([
    ...rules.declarationTypes,
    ...rules.importTypes,
    ...rules.namespaceTypes,
    ...rules.callTypes,
    ...rules.branchTypes,
    ...(options.statements ? rules.statementTypes : []),
  ]);
  const cursor = tree.walk();
  let depth = 0;
  try {
    for (;;) {
      while (open.length > 0 && (open.at(-1) as OpenSymbol).depth >= depth) close(open.pop() as OpenSymbol);
      const type = cursor.nodeType;
      if (type === 'ERROR' || cursor.nodeIsMissing) syntaxErrors++;
      // Most nodes interest no rule: they cost a set lookup, not a node object.
      if (interesting.has(type)) visit(cursor.currentNode, type, depth);
      if (cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      let moved = cursor.gotoNextSibling();
      while (!moved) {
        if (!cursor.gotoParent()) break;
        depth--;
        moved = cursor.gotoNextSibling();
      }
      if (!moved) break;
    }
    while (open.length > 0) close(open.pop() as OpenSymbol);
  } finally {
    cursor.delete();
  }
  return { imports, namespaces, symbols, lines: tree.rootNode.endPosition.row + 1, syntaxErrors };
}

function statementOf(node: Node, kind: StatementRecord['kind'], source: string): StatementRecord {
  const firstLine = source.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + 400)).split('\n')[0] ?? '';
  const text = firstLine.trim();
  return {
    kind,
    startLine: node.startPosition.row + 1,
    endLine: node.endPosition.row + 1,
    text: text.length > maximumStatementText ? `${text.slice(0, maximumStatementText - 1)}…` : text,
  };
}
