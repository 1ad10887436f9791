/** Levels of nested documents described; deeper fields are summed up in their parent's `object` type. */
const maxDepth = 3;

/** For each dotted field path, the documents it appeared in and the count of each BSON type seen. */
export type FieldTypes = Map<string, { present: number; types: Map<string, number> }>;

/** Walks sampled documents and counts, for each field path, where it appears and with which types. */
export function sampleFieldTypes(documents: readonly Record<string, unknown>[]): FieldTypes {
  const fields: FieldTypes = new Map();
  for (const document of documents) {
    const seen = new Set<string>();
    walk(document, '', 1, (path, type) => {
      const entry = fields.get(path) ?? { present: 0, types: new Map<string, number>() };
      if (!seen.has(path)) {
        entry.present += 1;
        seen.add(path);
      }
      entry.types.set(type, (entry.types.get(type) ?? 0) + 1);
      fields.set(path, entry);
    });
  }
  return fields;
}

/** "field | types | in documents" lines, fields in order. */
export function describeFieldTypes(fields: FieldTypes, sampled: number): string {
  const lines = ['field | types | in documents'];
  for (const [path, entry] of [...fields].sort(([a], [b]) => a.localeCompare(b))) {
    const types = [...entry.types]
      .sort((a, b) => b[1] - a[1])
      .map(([type]) => type)
      .join(', ');
    lines.push(`${path} | ${types} | ${entry.present} of ${sampled}`);
  }
  return lines.join('\n');
}

function walk(
  value: Record<string, unknown>,
  prefix: string,
  depth: number,
  visit: (path: string, type: string) => void,
): void {
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const type = bsonTypeOf(inner);
    visit(path, type);
    if (type === 'object' && depth < maxDepth) walk(inner as Record<string, unknown>, path, depth + 1, visit);
  }
}

/** The BSON type a driver value stands for, as people name it. */
export function bsonTypeOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value === 'bigint') return 'long';
  if (typeof value === 'object') {
    const bsonType = (value as { _bsontype?: unknown })._bsontype;
    if (typeof bsonType === 'string') return bsonType.charAt(0).toLowerCase() + bsonType.slice(1);
    if (value instanceof Uint8Array) return 'binData';
    return 'object';
  }
  return typeof value;
}
