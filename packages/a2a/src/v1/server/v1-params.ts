import type { z } from 'zod';
import { V1ProtocolError } from '../wire/protocol-error.js';

/** Fields whose values are free JSON (`google.protobuf.Struct` or `Value`): their keys are the caller's own. */
const freeJsonFields = new Set(['metadata', 'data', 'params']);

/**
 * A request as ProtoJSON allows it to be written: a parser accepts the proto field names
 * (`history_length`) as well as their lowerCamelCase JSON names (`historyLength`). Keys
 * inside free JSON values (metadata, a data part) are left as they are.
 */
export function camelCaseFields(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const renamed = camelCaseFields(item);
      if (renamed !== item) {
        copy ??= value.slice();
        copy[index] = renamed;
      }
    }
    return copy ?? value;
  }
  if (typeof value !== 'object' || value === null) return value;
  // Most requests use the JSON names already: the value is returned as it is, with no copy.
  let fields: Record<string, unknown> | undefined;
  for (const key in value) {
    // Never copied as a key: it would set the copy's prototype.
    if (key === '__proto__') continue;
    const field = (value as Record<string, unknown>)[key];
    const name = key.includes('_')
      ? key.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase())
      : key;
    const renamed = freeJsonFields.has(name) ? field : camelCaseFields(field);
    if (fields === undefined && (name !== key || renamed !== field)) {
      fields = {};
      for (const earlier in value) {
        if (earlier === key) break;
        if (earlier !== '__proto__') fields[earlier] = (value as Record<string, unknown>)[earlier];
      }
    }
    if (fields !== undefined) fields[name] = renamed;
  }
  return fields ?? value;
}

/** `value` as `schema` reads it, or `InvalidParams` naming the first problem and where it is. */
export function v1Params<Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.output<Schema> {
  const parsed = schema.safeParse(camelCaseFields(value ?? {}));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? what : `${what}.${issue.path.join('.')}`;
  throw new V1ProtocolError('InvalidParams', `${where}: ${issue?.message ?? 'invalid'}.`);
}
