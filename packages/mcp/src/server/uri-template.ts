import { McpServerError } from './mcp-server-error.js';

/** An RFC 6570 level-1 template (`test://items/{id}/data`), compiled for matching and expansion. */
export interface UriTemplate {
  readonly template: string;
  readonly variables: readonly string[];
  /** The variables a URI gives the template (percent-decoded), or undefined when it does not fit. */
  match(uri: string): Record<string, string> | undefined;
  /** The URI for these values, each percent-encoded as level 1 requires. */
  expand(values: Readonly<Record<string, string>>): string;
}

const expression = /\{([^{}]*)\}/g;
const variableName = /^[A-Za-z0-9_]+$/;

/**
 * Compiles a level-1 template: literal text and `{name}` expressions only. A level-1
 * expansion percent-encodes everything but unreserved characters, so a value never
 * holds `/`, `?` or `#`: each expression matches one run of other characters.
 * Operators of higher levels (`{+x}`, `{/x}`, `{?x}` …) refuse the template.
 */
export function compileUriTemplate(template: string): UriTemplate {
  const refuse = (why: string) =>
    new McpServerError(
      'MCP_SERVE_RESOURCE_INVALID',
      `The resource template '${template}' ${why}: write literal text and {name} expressions only (RFC 6570 level 1), e.g. 'notes://{id}/text'.`,
    );
  if (typeof template !== 'string' || template.trim() === '') throw refuse('is empty');
  const variables: string[] = [];
  let pattern = '^';
  let last = 0;
  for (const found of template.matchAll(expression)) {
    const name = found[1] as string;
    if (!variableName.test(name)) throw refuse(`has the expression {${name}}, which is not a plain variable name`);
    if (variables.includes(name)) throw refuse(`uses {${name}} twice`);
    const literal = template.slice(last, found.index);
    if (literal.includes('{') || literal.includes('}')) throw refuse('has an unbalanced brace');
    pattern += `${escapeRegExp(literal)}([^/?#]+)`;
    variables.push(name);
    last = (found.index as number) + found[0].length;
  }
  const tail = template.slice(last);
  if (tail.includes('{') || tail.includes('}')) throw refuse('has an unbalanced brace');
  if (variables.length === 0) throw refuse('has no {name} expression (serve a fixed URI as a resource instead)');
  const regex = new RegExp(`${pattern}${escapeRegExp(tail)}$`);
  return {
    template,
    variables,
    match(uri) {
      const found = regex.exec(uri);
      if (found === null) return undefined;
      const values: Record<string, string> = {};
      for (const [index, name] of variables.entries()) {
        try {
          values[name] = decodeURIComponent(found[index + 1] as string);
        } catch {
          return undefined;
        }
      }
      return values;
    },
    expand(values) {
      return template.replace(expression, (_, name: string) => encodeUnreserved(values[name] ?? ''));
    },
  };
}

/** Percent-encodes all but RFC 3986 unreserved characters (encodeURIComponent leaves `!'()*` too). */
function encodeUnreserved(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
