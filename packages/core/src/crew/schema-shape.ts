import { z } from 'zod';

/**
 * Reading a zod schema's structure: which keys an object takes and what sits below a
 * key, for the YAML walker and for "unknown key" hints.
 */

/** The schema inside optional, default and nullable wrappers. */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodNullable) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

/** The keys and their schemas, when `schema` is an object schema (or a union with one, such as `executionBudget`). */
export function objectShape(schema: z.ZodType | undefined): Readonly<Record<string, z.ZodType>> | undefined {
  if (schema === undefined) return undefined;
  const inner = unwrapSchema(schema);
  if (inner instanceof z.ZodUnion) {
    const objects = (inner.options as z.ZodType[]).map(unwrapSchema).filter((option) => option instanceof z.ZodObject);
    return objects.length === 1 ? objectShape(objects[0]) : undefined;
  }
  return inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodType>) : undefined;
}

/** The schema of the values, when `schema` is a record (a map with free keys). */
export function recordValueSchema(schema: z.ZodType | undefined): z.ZodType | undefined {
  if (schema === undefined) return undefined;
  const inner = unwrapSchema(schema);
  return inner instanceof z.ZodRecord ? (inner.valueType as z.ZodType) : undefined;
}

/** The schema of the items, when `schema` is an array. */
export function arrayItemSchema(schema: z.ZodType | undefined): z.ZodType | undefined {
  if (schema === undefined) return undefined;
  const inner = unwrapSchema(schema);
  return inner instanceof z.ZodArray ? (inner.element as z.ZodType) : undefined;
}

/** The schema found by following `path` (object keys, record keys, array indexes) from `schema`. */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const segment of path) {
    if (current === undefined) return undefined;
    const shape = objectShape(current);
    current =
      shape !== undefined
        ? shape[String(segment)]
        : (recordValueSchema(current) ?? arrayItemSchema(current) ?? undefined);
  }
  return current;
}
