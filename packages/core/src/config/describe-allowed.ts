import type { SettingsJsonSchema } from './settings-section.js';

/** Says in words which values a JSON Schema allows: "a number from 0 to 2". */
export function describeAllowed(schema: SettingsJsonSchema): string {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches !== undefined) return branches.map(describeAllowed).join(', or ');
  if (schema.enum !== undefined) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (schema.const !== undefined) return `exactly ${JSON.stringify(schema.const)}`;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'boolean':
      return 'true or false';
    case 'integer':
      return `a whole number${describeRange(schema)}`;
    case 'number':
      return `a number${describeRange(schema)}`;
    case 'string':
      return describeText(schema);
    case 'array':
      return schema.items === undefined ? 'a list' : `a list, each item ${describeAllowed(schema.items)}`;
    case 'object':
      return schema.properties === undefined
        ? 'a section of named entries'
        : `a section with the keys ${Object.keys(schema.properties).join(', ')}`;
    case 'null':
      return 'null';
    default:
      return 'any value';
  }
}

function describeText(schema: SettingsJsonSchema): string {
  if (schema.format === 'uri') return 'an absolute URL';
  if (schema.pattern !== undefined) return `a text matching /${schema.pattern}/`;
  if (schema.minLength !== undefined && schema.minLength > 0) return 'a non-empty text';
  return 'a text';
}

function describeRange(schema: SettingsJsonSchema): string {
  // Whole numbers carry the safe-integer limits as bounds; they say nothing to a reader.
  const bound = (value: number | undefined) =>
    value === undefined || Math.abs(value) >= Number.MAX_SAFE_INTEGER ? undefined : value;
  const minimum = bound(schema.minimum);
  const maximum = bound(schema.maximum);
  const above = bound(schema.exclusiveMinimum);
  const below = bound(schema.exclusiveMaximum);
  if (minimum !== undefined && maximum !== undefined) return ` from ${minimum} to ${maximum}`;
  const parts: string[] = [];
  if (minimum !== undefined) parts.push(`at least ${minimum}`);
  if (above !== undefined) parts.push(`greater than ${above}`);
  if (maximum !== undefined) parts.push(`at most ${maximum}`);
  if (below !== undefined) parts.push(`less than ${below}`);
  return parts.length === 0 ? '' : ` ${parts.join(' and ')}`;
}
