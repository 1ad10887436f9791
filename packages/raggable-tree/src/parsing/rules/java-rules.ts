import type { Node } from 'web-tree-sitter';
import { precedingComments } from '../comments.js';
import type { ImportReference, StatementKind, SymbolKind, Visibility } from '../extracted-file.js';
import {
  childOfType,
  type Declaration,
  type EnclosingSymbol,
  type LanguageRules,
  lastName,
  memberCall,
  type SymbolAccess,
  typeNames,
} from '../language-rules.js';

const commentTypes = new Set(['block_comment', 'line_comment']);
const typeDeclarations: Readonly<Record<string, SymbolKind>> = {
  class_declaration: 'class',
  interface_declaration: 'interface',
  annotation_type_declaration: 'interface',
  enum_declaration: 'enum',
  record_declaration: 'record',
};

function declarationsOf(node: Node): Declaration[] {
  const typeKind = typeDeclarations[node.type];
  const name = node.childForFieldName('name');
  const body = node.childForFieldName('body') ?? undefined;
  if (typeKind !== undefined) return name === null ? [] : [{ kind: typeKind, name: name.text, node, body }];
  switch (node.type) {
    case 'method_declaration':
      return name === null ? [] : [{ kind: 'method', name: name.text, node, body }];
    case 'constructor_declaration':
    case 'compact_constructor_declaration':
      return name === null ? [] : [{ kind: 'constructor', name: name.text, node, body }];
    case 'field_declaration':
    case 'constant_declaration':
      return node
        .childrenForFieldName('declarator')
        .map((declarator) => declarator.childForFieldName('name'))
        .filter((field): field is Node => field !== null)
        .map((field) => ({ kind: 'field' as const, name: field.text, node }));
    case 'enum_constant':
      return name === null ? [] : [{ kind: 'field', name: name.text, node }];
    default:
      return [];
  }
}

function accessOf(declaration: Declaration, enclosing: EnclosingSymbol | undefined): SymbolAccess {
  const modifiers = childOfType(declaration.node, 'modifiers')?.text ?? '';
  const written = /\b(public|private|protected)\b/.exec(modifiers)?.[1] as Visibility | undefined;
  // Members of an interface and enum constants are public without saying so.
  const visibility: Visibility =
    written ?? (enclosing?.kind === 'interface' || declaration.node.type === 'enum_constant' ? 'public' : 'package');
  return { exported: visibility === 'public' && (enclosing === undefined || enclosing.exported), visibility };
}

function importsOf(node: Node): ImportReference[] {
  const name = childOfType(node, new Set(['scoped_identifier', 'identifier']));
  if (name === undefined) return [];
  const wildcard = childOfType(node, 'asterisk') !== undefined;
  return [{ specifier: `${name.text}${wildcard ? '.*' : ''}`, line: node.startPosition.row + 1 }];
}

function calleeOf(node: Node): string | undefined {
  if (node.type === 'object_creation_expression') return lastName(node.childForFieldName('type')?.text ?? '');
  const name = node.childForFieldName('name')?.text;
  return node.childForFieldName('object') === null ? name : memberCall(name);
}

const simpleStatements: Readonly<Record<string, StatementKind>> = {
  if_statement: 'if',
  for_statement: 'loop',
  enhanced_for_statement: 'loop',
  while_statement: 'loop',
  do_statement: 'loop',
  switch_expression: 'switch',
  try_statement: 'try',
  try_with_resources_statement: 'try',
  return_statement: 'return',
  throw_statement: 'throw',
  local_variable_declaration: 'declaration',
};

function statementKindOf(node: Node): StatementKind | undefined {
  const simple = simpleStatements[node.type];
  if (simple !== undefined)
    return node.type === 'switch_expression' && node.parent?.type !== 'block' ? undefined : simple;
  const expression = node.namedChild(0)?.type;
  if (expression === 'assignment_expression' || expression === 'update_expression') return 'assignment';
  if (expression === 'method_invocation' || expression === 'object_creation_expression') return 'call';
  return 'expression';
}

function basesOf(declaration: Declaration): string[] {
  const node = declaration.node;
  return [
    ...typeNames(node.childForFieldName('superclass')),
    ...typeNames(node.childForFieldName('interfaces')),
    ...typeNames(childOfType(node, 'extends_interfaces')),
  ];
}

export const javaRules: LanguageRules = {
  declarationTypes: new Set([
    ...Object.keys(typeDeclarations),
    'method_declaration',
    'constructor_declaration',
    'compact_constructor_declaration',
    'field_declaration',
    'constant_declaration',
    'enum_constant',
  ]),
  declarations: declarationsOf,
  importTypes: new Set(['import_declaration']),
  imports: importsOf,
  namespaceTypes: new Set(['package_declaration']),
  namespace: (node) => childOfType(node, new Set(['scoped_identifier', 'identifier']))?.text,
  callTypes: new Set(['method_invocation', 'object_creation_expression']),
  callee: calleeOf,
  branchTypes: new Set([
    'if_statement',
    'for_statement',
    'enhanced_for_statement',
    'while_statement',
    'do_statement',
    'catch_clause',
    'ternary_expression',
    'switch_label',
    '&&',
    '||',
  ]),
  // `default:` is a label without a value.
  branches: (node) => node.type !== 'switch_label' || node.namedChildCount > 0,
  statementTypes: new Set([...Object.keys(simpleStatements), 'expression_statement']),
  statementKind: statementKindOf,
  access: accessOf,
  doc: (declaration) => precedingComments(declaration.anchor ?? declaration.node, commentTypes),
  bases: basesOf,
};
