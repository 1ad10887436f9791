import type { Node } from 'web-tree-sitter';
import { precedingComments } from '../comments.js';
import type { ImportReference, StatementKind, SymbolKind, Visibility } from '../extracted-file.js';
import {
  childOfType,
  type Declaration,
  type EnclosingSymbol,
  type LanguageRules,
  memberCall,
  type SymbolAccess,
  typeNames,
  unquoted,
} from '../language-rules.js';

// TypeScript, TSX and JavaScript (JSX, CommonJS `require`) share one set of rules: their
// grammars name the same nodes, JavaScript's class fields aside.

const commentTypes = new Set(['comment']);
const functionValues = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);
const typeDeclarations: Readonly<Record<string, SymbolKind>> = {
  class_declaration: 'class',
  abstract_class_declaration: 'class',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
  type_alias_declaration: 'type',
};

function declarationsOf(node: Node, enclosing: EnclosingSymbol | undefined): Declaration[] {
  const type = node.type;
  const typeKind = typeDeclarations[type];
  const name = node.childForFieldName('name');
  if (typeKind !== undefined) {
    if (name === null) return [];
    const body = node.childForFieldName('body') ?? undefined;
    return [
      { kind: typeKind, name: name.text, node, body: typeKind === 'type' ? undefined : body, anchor: anchorOf(node) },
    ];
  }
  switch (type) {
    case 'function_declaration':
    case 'generator_function_declaration':
      return name === null
        ? []
        : [
            {
              kind: 'function',
              name: name.text,
              node,
              body: node.childForFieldName('body') ?? undefined,
              anchor: anchorOf(node),
            },
          ];
    case 'lexical_declaration':
    case 'variable_declaration':
      return variableDeclarations(node, enclosing);
    case 'method_definition': {
      // A method of an object literal counts only inside an exported constant (`export const tool = define({ run() {} })`).
      if (name === null || (node.parent?.type === 'object' && enclosing === undefined)) return [];
      const kind = name.text === 'constructor' ? 'constructor' : 'method';
      return [{ kind, name: name.text, node, body: node.childForFieldName('body') ?? undefined }];
    }
    case 'method_signature':
    case 'abstract_method_signature':
      return name === null ? [] : [{ kind: 'method', name: name.text, node }];
    case 'property_signature':
      return name === null ? [] : [{ kind: 'property', name: name.text, node }];
    case 'public_field_definition':
    case 'field_definition': {
      const field = name ?? node.childForFieldName('property');
      if (field === null) return [];
      const value = node.childForFieldName('value');
      if (value !== null && functionValues.has(value.type))
        return [{ kind: 'method', name: field.text, node, body: value.childForFieldName('body') ?? undefined }];
      return [{ kind: 'property', name: field.text, node }];
    }
    default:
      return [];
  }
}

/** `const run = () => …` declares a function; other top-level constants count only when exported. */
function variableDeclarations(node: Node, enclosing: EnclosingSymbol | undefined): Declaration[] {
  const declarations: Declaration[] = [];
  const exported = node.parent?.type === 'export_statement';
  for (const declarator of node.namedChildren) {
    if (declarator?.type !== 'variable_declarator') continue;
    const name = declarator.childForFieldName('name');
    if (name === null || name.type !== 'identifier') continue;
    const value = declarator.childForFieldName('value');
    if (value !== null && functionValues.has(value.type)) {
      declarations.push({
        kind: 'function',
        name: name.text,
        node: declarator,
        body: value.childForFieldName('body') ?? undefined,
        anchor: anchorOf(node),
      });
    } else if (enclosing === undefined && exported) {
      declarations.push({ kind: 'variable', name: name.text, node: declarator, anchor: anchorOf(node) });
    }
  }
  return declarations;
}

/** The node documented: the `export` statement around a declaration when there is one. */
function anchorOf(node: Node): Node {
  return node.parent?.type === 'export_statement' ? node.parent : node;
}

function isExported(node: Node): boolean {
  const holder = node.type === 'variable_declarator' ? node.parent : node;
  return holder?.parent?.type === 'export_statement';
}

function accessOf(declaration: Declaration, enclosing: EnclosingSymbol | undefined): SymbolAccess {
  if (enclosing === undefined) return { exported: isExported(declaration.node) };
  const modifier = childOfType(declaration.node, 'accessibility_modifier')?.text;
  const visibility: Visibility = declaration.name.startsWith('#')
    ? 'private'
    : modifier === 'private' || modifier === 'protected'
      ? modifier
      : 'public';
  return { exported: enclosing.exported && visibility !== 'private', visibility };
}

function importsOf(node: Node): ImportReference[] {
  const line = node.startPosition.row + 1;
  if (node.type === 'import_statement' || node.type === 'export_statement') {
    const source = node.childForFieldName('source');
    return source === null ? [] : [{ specifier: unquoted(source.text), line }];
  }
  // require('x') and import('x')
  const callee = node.childForFieldName('function');
  if (callee === null || !(callee.type === 'import' || (callee.type === 'identifier' && callee.text === 'require')))
    return [];
  const argument = node.childForFieldName('arguments')?.namedChild(0);
  return argument?.type === 'string' ? [{ specifier: unquoted(argument.text), line }] : [];
}

function calleeOf(node: Node): string | undefined {
  const target = node.childForFieldName(node.type === 'new_expression' ? 'constructor' : 'function');
  if (target === null) return undefined;
  if (target.type === 'identifier') return target.text === 'require' ? undefined : target.text;
  if (target.type === 'member_expression') return memberCall(target.childForFieldName('property')?.text);
  return undefined;
}

const simpleStatements: Readonly<Record<string, StatementKind>> = {
  if_statement: 'if',
  for_statement: 'loop',
  for_in_statement: 'loop',
  while_statement: 'loop',
  do_statement: 'loop',
  switch_statement: 'switch',
  try_statement: 'try',
  return_statement: 'return',
  throw_statement: 'throw',
  lexical_declaration: 'declaration',
  variable_declaration: 'declaration',
};

function statementKindOf(node: Node): StatementKind | undefined {
  const simple = simpleStatements[node.type];
  if (simple !== undefined) return simple;
  let expression = node.namedChild(0);
  if (expression?.type === 'await_expression') expression = expression.namedChild(0);
  if (expression?.type === 'assignment_expression' || expression?.type === 'augmented_assignment_expression')
    return 'assignment';
  if (expression?.type === 'call_expression' || expression?.type === 'new_expression') return 'call';
  return 'expression';
}

function basesOf(declaration: Declaration): string[] {
  if (declaration.kind !== 'class' && declaration.kind !== 'interface') return [];
  const heritage =
    childOfType(declaration.node, 'class_heritage') ?? childOfType(declaration.node, 'extends_type_clause');
  return typeNames(heritage);
}

export const typescriptRules: LanguageRules = {
  declarationTypes: new Set([
    ...Object.keys(typeDeclarations),
    'function_declaration',
    'generator_function_declaration',
    'lexical_declaration',
    'variable_declaration',
    'method_definition',
    'method_signature',
    'abstract_method_signature',
    'property_signature',
    'public_field_definition',
    'field_definition',
  ]),
  declarations: declarationsOf,
  importTypes: new Set(['import_statement', 'export_statement', 'call_expression']),
  imports: importsOf,
  namespaceTypes: new Set(),
  namespace: () => undefined,
  callTypes: new Set(['call_expression', 'new_expression']),
  callee: calleeOf,
  branchTypes: new Set([
    'if_statement',
    'for_statement',
    'for_in_statement',
    'while_statement',
    'do_statement',
    'switch_case',
    'catch_clause',
    'ternary_expression',
    '&&',
    '||',
    '??',
  ]),
  statementTypes: new Set([...Object.keys(simpleStatements), 'expression_statement']),
  statementKind: statementKindOf,
  access: accessOf,
  doc: (declaration) => precedingComments(declaration.anchor ?? declaration.node, commentTypes),
  bases: basesOf,
};
