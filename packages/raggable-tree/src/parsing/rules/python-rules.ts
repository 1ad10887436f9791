import type { Node } from 'web-tree-sitter';
import { cleanDoc, precedingComments } from '../comments.js';
import type { ImportReference, StatementKind } from '../extracted-file.js';
import {
  type Declaration,
  type EnclosingSymbol,
  type LanguageRules,
  lastName,
  memberCall,
  type SymbolAccess,
} from '../language-rules.js';

const commentTypes = new Set(['comment']);

function declarationsOf(node: Node, enclosing: EnclosingSymbol | undefined): Declaration[] {
  const name = node.childForFieldName('name');
  const anchor = node.parent?.type === 'decorated_definition' ? node.parent : node;
  switch (node.type) {
    case 'class_definition':
      return name === null ? [] : [{ kind: 'class', name: name.text, node, body: body(node), anchor }];
    case 'function_definition': {
      if (name === null) return [];
      const inClass = enclosing?.kind === 'class';
      const kind = !inClass ? 'function' : name.text === '__init__' ? 'constructor' : 'method';
      return [{ kind, name: name.text, node, body: body(node), anchor }];
    }
    case 'expression_statement': {
      // `limit = 10` in a class body is a class attribute.
      if (enclosing?.kind !== 'class') return [];
      const assignment = node.namedChild(0);
      const target = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
      return target?.type === 'identifier' ? [{ kind: 'field', name: target.text, node }] : [];
    }
    default:
      return [];
  }
}

function body(node: Node): Node | undefined {
  return node.childForFieldName('body') ?? undefined;
}

function accessOf(declaration: Declaration, enclosing: EnclosingSymbol | undefined): SymbolAccess {
  const dunder = declaration.name.startsWith('__') && declaration.name.endsWith('__');
  const isPrivate = declaration.name.startsWith('_') && !dunder;
  return {
    exported: !isPrivate && (enclosing === undefined || enclosing.exported),
    visibility: isPrivate ? 'private' : 'public',
  };
}

/** The docstring: a string as the first statement of the body; else the `#` comments above. */
function docOf(declaration: Declaration): string | undefined {
  const first = declaration.body?.namedChild(0);
  const literal = first?.type === 'expression_statement' ? first.namedChild(0) : null;
  if (literal?.type === 'string') return cleanDoc(literal.text);
  return precedingComments(declaration.anchor ?? declaration.node, commentTypes);
}

function importsOf(node: Node): ImportReference[] {
  const line = node.startPosition.row + 1;
  const moduleText = (child: Node | null): string | undefined =>
    child === null ? undefined : child.type === 'aliased_import' ? child.childForFieldName('name')?.text : child.text;
  if (node.type === 'import_statement')
    return node
      .childrenForFieldName('name')
      .map((child) => moduleText(child))
      .filter((specifier): specifier is string => specifier !== undefined)
      .map((specifier) => ({ specifier, line }));
  const module = node.childForFieldName('module_name');
  if (module === null) return [];
  const names = node
    .childrenForFieldName('name')
    .map((child) => moduleText(child))
    .filter((name): name is string => name !== undefined);
  return [{ specifier: module.text, line, names }];
}

function calleeOf(node: Node): string | undefined {
  const target = node.childForFieldName('function');
  if (target?.type === 'identifier') return target.text;
  if (target?.type === 'attribute') return memberCall(target.childForFieldName('attribute')?.text);
  return undefined;
}

const simpleStatements: Readonly<Record<string, StatementKind>> = {
  if_statement: 'if',
  for_statement: 'loop',
  while_statement: 'loop',
  match_statement: 'switch',
  try_statement: 'try',
  return_statement: 'return',
  raise_statement: 'throw',
};

function statementKindOf(node: Node): StatementKind | undefined {
  const simple = simpleStatements[node.type];
  if (simple !== undefined) return simple;
  let expression = node.namedChild(0);
  // A docstring is documentation, not a statement.
  if (expression?.type === 'string') return undefined;
  if (expression?.type === 'await') expression = expression.namedChild(0);
  if (expression?.type === 'assignment' || expression?.type === 'augmented_assignment') return 'assignment';
  if (expression?.type === 'call') return 'call';
  return 'expression';
}

function basesOf(declaration: Declaration): string[] {
  if (declaration.kind !== 'class') return [];
  const list = declaration.node.childForFieldName('superclasses');
  return (list?.namedChildren ?? [])
    .filter((child) => child !== null && (child.type === 'identifier' || child.type === 'attribute'))
    .map((child) => lastName(child?.text ?? ''))
    .filter((name): name is string => name !== undefined);
}

export const pythonRules: LanguageRules = {
  declarationTypes: new Set(['class_definition', 'function_definition', 'expression_statement']),
  declarations: declarationsOf,
  importTypes: new Set(['import_statement', 'import_from_statement']),
  imports: importsOf,
  namespaceTypes: new Set(),
  namespace: () => undefined,
  callTypes: new Set(['call']),
  callee: calleeOf,
  branchTypes: new Set([
    'if_statement',
    'elif_clause',
    'for_statement',
    'while_statement',
    'except_clause',
    'conditional_expression',
    'for_in_clause',
    'if_clause',
    'case_clause',
    'and',
    'or',
  ]),
  statementTypes: new Set([...Object.keys(simpleStatements), 'expression_statement']),
  statementKind: statementKindOf,
  access: accessOf,
  doc: docOf,
  bases: basesOf,
};
