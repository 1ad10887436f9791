/**
 * Plain values from GraphSON (2.0 and 3.0, typed or not), as Gremlin Server writes
 * them: lists, sets and maps become arrays and objects, numbers and dates plain
 * values, vertices and edges small records. Unknown types give their `@value`.
 */
export function fromGraphson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromGraphson);
  if (typeof value !== 'object' || value === null) return value;
  const typed = value as { '@type'?: unknown; '@value'?: unknown };
  if (typeof typed['@type'] !== 'string') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fromGraphson(inner)]));
  }
  const inner = typed['@value'];
  switch (typed['@type']) {
    case 'g:List':
    case 'g:Set':
      return Array.isArray(inner) ? inner.map(fromGraphson) : [];
    case 'g:Map':
      return mapOf(inner);
    case 'g:Date':
    case 'g:Timestamp':
      return typeof inner === 'number' ? new Date(inner).toISOString() : inner;
    case 'g:Vertex':
    case 'g:Edge':
    case 'g:VertexProperty':
    case 'g:Property':
    case 'g:Path':
      return fromGraphson(inner);
    case 'g:Traverser': {
      const traverser = inner as { value?: unknown } | undefined;
      return fromGraphson(traverser?.value);
    }
    default:
      return fromGraphson(inner);
  }
}

/** A g:Map's alternating keys and values as an object; keys that are not text are written as JSON. */
function mapOf(entries: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (!Array.isArray(entries)) return result;
  for (let index = 0; index + 1 < entries.length; index += 2) {
    const key = fromGraphson(entries[index]);
    result[typeof key === 'string' ? key : JSON.stringify(key)] = fromGraphson(entries[index + 1]);
  }
  return result;
}
