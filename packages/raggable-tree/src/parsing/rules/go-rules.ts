import type { Node } from 'web-tree-sitter';
import { precedingComments } from '../comments.js';
import type { ImportReference, StatementKind } from '../extracted-file.js';
import {
  type Declaration,
  type LanguageRules,
  lastName,
  memberCall,
  type SymbolAccess,
  unquoted,
} from '../language-rules.js';

const commentTypes = new Set(['comment']);

function declarationsOf(node: Node): Declaration[] {
  const name = node.childForFieldName('name');
  switch (node.type) {
    case 'function_declaration':
      return name === null
        ? []
        : [{ kind: 'function', name: name.text, node, body: node.childForFieldName('body') ?? undefined }];
    case 'method_declaration': {
      if (name === null) return [];
      const receiver = receiverType(node);
      return [
        {
          kind: 'method',
          name: name.text,
          node,
          body: node.childForFieldName('body') ?? undefined,
          ...(receiver === undefined ? {} : { container: [receiver] }),
        },
      ];
    }
    case 'type_spec':
    case 'type_alias': {
      if (name === null) return [];
      const type = node.childForFieldName('type');
      const kind = type?.type === 'struct_type' ? 'struct' : type?.type === 'interface_type' ? 'interface' : 'type';
      // A lone `type X struct` is read from the `type` keyword, where its doc comment is; a grouped one from its own line.
      const grouped = node.parent?.namedChildren.filter((child) => child?.type === node.type).length !== 1;
      const whole = grouped || node.parent === null ? node : node.parent;
      return [{ kind, name: name.text, node: whole }];
    }
    case 'field_declaration':
      return node.childrenForFieldName('name').map((field) => ({ kind: 'field' as const, name: field.text, node }));
    case 'method_elem':
    case 'method_spec':
      return name === null ? [] : [{ kind: 'method', name: name.text, node }];
    default:
      return [];
  }
}

/** `func (s *Server) Run()` belongs to `Server`. */
function receiverType(node: Node): string | undefined {
  const parameter = node.childForFieldName('receiver')?.namedChild(0);
  const type = parameter?.childForFieldName('type');
  return type === null || type === undefined ? undefined : lastName(type.text.replace(/\[.*\]$/s, ''));
}

function accessOf(declaration: Declaration): SymbolAccess {
  const exported = /^\p{Lu}/u.test(declaration.name);
  return { exported, visibility: exported ? 'public' : 'package' };
}

function importsOf(node: Node): ImportReference[] {
  const path = node.childForFieldName('path');
  return path === null ? [] : [{ specifier: unquoted(path.text), line: node.startPosition.row + 1 }];
}

function calleeOf(node: Node): string | undefined {
  if (node.type === 'composite_literal') {
    const type = node.childForFieldName('type');
    return type?.type === 'type_identifier' || type?.type === 'qualified_type' ? lastName(type.text) : undefined;
  }
  const target = node.childForFieldName('function');
  if (target?.type === 'identifier') return target.text;
  if (target?.type === 'selector_expression') return memberCall(target.childForFieldName('field')?.text);
  return undefined;
}

const simpleStatements: Readonly<Record<string, StatementKind>> = {
  if_statement: 'if',
  for_statement: 'loop',
  expression_switch_statement: 'switch',
  type_switch_statement: 'switch',
  select_statement: 'switch',
  return_statement: 'return',
  short_var_declaration: 'declaration',
  var_declaration: 'declaration',
  const_declaration: 'declaration',
  assignment_statement: 'assignment',
  inc_statement: 'assignment',
  dec_statement: 'assignment',
  go_statement: 'call',
  defer_statement: 'call',
};

function statementKindOf(node: Node): StatementKind | undefined {
  const simple = simpleStatements[node.type];
  if (simple !== undefined) return simple;
  return node.namedChild(0)?.type === 'call_expression' ? 'call' : 'expression';
}

/** Types embedded in a struct (fields without a name) are what it extends. */
function basesOf(declaration: Declaration): string[] {
  if (declaration.kind !== 'struct') return [];
  const spec = declaration.node.type === 'type_declaration' ? declaration.node.namedChild(0) : declaration.node;
  const fields = spec?.childForFieldName('type')?.namedChild(0);
  return (fields?.namedChildren ?? [])
    .filter((field) => field?.type === 'field_declaration' && field.childForFieldName('name') === null)
    .map((field) => lastName(field?.childForFieldName('type')?.text.replace(/^\*/, '') ?? ''))
    .filter((name): name is string => name !== undefined);
}

export const goRules: LanguageRules = {
  declarationTypes: new Set([
    'function_declaration',
    'method_declaration',
    'type_spec',
    'type_alias',
    'field_declaration',
    'method_elem',
    'method_spec',
  ]),
  declarations: declarationsOf,
  importTypes: new Set(['import_spec']),
  imports: importsOf,
  namespaceTypes: new Set(['package_clause']),
  namespace: (node) => node.namedChild(0)?.text,
  callTypes: new Set(['call_expression', 'composite_literal']),
  callee: calleeOf,
  branchTypes: new Set([
    'if_statement',
    'for_statement',
    'expression_case',
    'type_case',
    'communication_case',
    '&&',
    '||',
  ]),
  statementTypes: new Set([...Object.keys(simpleStatements), 'expression_statement']),
  statementKind: statementKindOf,
  access: accessOf,
  doc: (declaration) => precedingComments(declaration.anchor ?? declaration.node, commentTypes),
  bases: basesOf,
};
