import type { Node } from 'web-tree-sitter';
import { precedingComments } from '../comments.js';
import type { ImportReference, StatementKind, SymbolKind, Visibility } from '../extracted-file.js';
import {
  childOfType,
  childrenOfType,
  type Declaration,
  type EnclosingSymbol,
  type LanguageRules,
  lastName,
  memberCall,
  type SymbolAccess,
  typeNames,
} from '../language-rules.js';

const commentTypes = new Set(['comment']);
const typeDeclarations: Readonly<Record<string, SymbolKind>> = {
  class_declaration: 'class',
  interface_declaration: 'interface',
  struct_declaration: 'struct',
  enum_declaration: 'enum',
  record_declaration: 'record',
  record_struct_declaration: 'record',
};
const nameTypes = new Set(['qualified_name', 'identifier', 'generic_name']);

function declarationsOf(node: Node): Declaration[] {
  const typeKind = typeDeclarations[node.type];
  const name = node.childForFieldName('name');
  const body = node.childForFieldName('body') ?? undefined;
  if (typeKind !== undefined) return name === null ? [] : [{ kind: typeKind, name: name.text, node, body }];
  switch (node.type) {
    case 'method_declaration':
      return name === null ? [] : [{ kind: 'method', name: name.text, node, body }];
    case 'constructor_declaration':
      return name === null ? [] : [{ kind: 'constructor', name: name.text, node, body }];
    case 'property_declaration':
      return name === null ? [] : [{ kind: 'property', name: name.text, node }];
    case 'enum_member_declaration':
      return name === null ? [] : [{ kind: 'field', name: name.text, node }];
    case 'field_declaration': {
      const variables = childOfType(node, 'variable_declaration');
      if (variables === undefined) return [];
      return childrenOfType(variables, 'variable_declarator')
        .map((declarator) => declarator.childForFieldName('name') ?? declarator.namedChild(0))
        .filter((field): field is Node => field !== null)
        .map((field) => ({ kind: 'field' as const, name: field.text, node }));
    }
    default:
      return [];
  }
}

function accessOf(declaration: Declaration, enclosing: EnclosingSymbol | undefined): SymbolAccess {
  const modifiers = childrenOfType(declaration.node, 'modifier').map((modifier) => modifier.text);
  const written = (['public', 'protected', 'internal', 'private'] as const).find((word) => modifiers.includes(word));
  const implicit: Visibility =
    enclosing === undefined
      ? 'internal'
      : enclosing.kind === 'interface' || enclosing.kind === 'enum'
        ? 'public'
        : 'private';
  const visibility: Visibility = written ?? implicit;
  return { exported: visibility === 'public' && (enclosing === undefined || enclosing.exported), visibility };
}

function importsOf(node: Node): ImportReference[] {
  const names = childrenOfType(node, nameTypes);
  const name = names.at(-1);
  return name === undefined ? [] : [{ specifier: name.text, line: node.startPosition.row + 1 }];
}

function calleeOf(node: Node): string | undefined {
  if (node.type === 'object_creation_expression') return lastName(node.childForFieldName('type')?.text ?? '');
  const target = node.childForFieldName('function');
  if (target === null) return undefined;
  if (target.type === 'identifier') return target.text;
  if (target.type === 'generic_name') return target.namedChild(0)?.text;
  if (target.type === 'member_access_expression')
    return memberCall(lastName(target.childForFieldName('name')?.text ?? ''));
  return undefined;
}

const simpleStatements: Readonly<Record<string, StatementKind>> = {
  if_statement: 'if',
  for_statement: 'loop',
  foreach_statement: 'loop',
  while_statement: 'loop',
  do_statement: 'loop',
  switch_statement: 'switch',
  try_statement: 'try',
  return_statement: 'return',
  throw_statement: 'throw',
  local_declaration_statement: 'declaration',
};

function statementKindOf(node: Node): StatementKind | undefined {
  const simple = simpleStatements[node.type];
  if (simple !== undefined) return simple;
  let expression = node.namedChild(0);
  if (expression?.type === 'await_expression') expression = expression.namedChild(0);
  const type = expression?.type;
  if (type === 'assignment_expression' || type === 'postfix_unary_expression' || type === 'prefix_unary_expression')
    return 'assignment';
  if (type === 'invocation_expression' || type === 'object_creation_expression') return 'call';
  return 'expression';
}

/** A `default:` section and a `_ =>` arm do not branch. */
function branches(node: Node): boolean {
  if (node.type === 'switch_section') return node.child(0)?.type !== 'default';
  if (node.type === 'switch_expression_arm') return node.namedChild(0)?.type !== 'discard';
  return true;
}

export const csharpRules: LanguageRules = {
  declarationTypes: new Set([
    ...Object.keys(typeDeclarations),
    'method_declaration',
    'constructor_declaration',
    'property_declaration',
    'enum_member_declaration',
    'field_declaration',
  ]),
  declarations: declarationsOf,
  importTypes: new Set(['using_directive']),
  imports: importsOf,
  namespaceTypes: new Set(['namespace_declaration', 'file_scoped_namespace_declaration']),
  namespace: (node) => node.childForFieldName('name')?.text,
  callTypes: new Set(['invocation_expression', 'object_creation_expression']),
  callee: calleeOf,
  branchTypes: new Set([
    'if_statement',
    'for_statement',
    'foreach_statement',
    'while_statement',
    'do_statement',
    'catch_clause',
    'conditional_expression',
    'switch_section',
    'switch_expression_arm',
    '&&',
    '||',
    '??',
  ]),
  branches,
  statementTypes: new Set([...Object.keys(simpleStatements), 'expression_statement']),
  statementKind: statementKindOf,
  access: accessOf,
  doc: (declaration) => precedingComments(declaration.anchor ?? declaration.node, commentTypes),
  bases: (declaration) => typeNames(childOfType(declaration.node, 'base_list')),
};
