import { z } from 'zod';
import { crewFileSchema } from './crew-schema.js';
import { keyAliases } from './key-aliases.js';

type JsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema of a crew YAML file for editors (single file, or the root file with
 * agents and tasks inline), generated from the zod schema the loader follows. Every
 * accepted spelling of a key is listed (`expected_output` beside `expectedOutput`).
 */
export function crewJsonSchema(): JsonSchema {
  const generated = z.toJSONSchema(crewFileSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return {
    $schema: generated.$schema,
    $id: 'https://orkeon.dev/schema/crew.schema.json',
    title: 'Orkeon crew',
    description: 'An Orkeon crew file: name, process, agents and tasks keyed by id. See docs/crews.md.',
    ...withAliases(withoutKey(generated, '$schema')),
  };
}

/** Adds the other spellings of each property, and lets a required key be given under any of them. */
function withAliases(schema: JsonSchema): JsonSchema {
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) result[key] = transform(value);
  const properties = result.properties;
  if (!isObject(properties)) return result;
  const extended: JsonSchema = {};
  for (const [key, value] of Object.entries(properties)) {
    extended[key] = value;
    for (const alias of keyAliases(key)) extended[alias] = value;
  }
  result.properties = extended;
  const required = Array.isArray(result.required) ? (result.required as string[]) : [];
  const aliased = required.filter((key) => keyAliases(key).length > 0);
  if (aliased.length > 0) {
    result.required = required.filter((key) => !aliased.includes(key));
    result.allOf = aliased.map((key) => ({ anyOf: [key, ...keyAliases(key)].map((name) => ({ required: [name] })) }));
  }
  return result;
}

function transform(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(transform);
  return isObject(value) ? withAliases(value) : value;
}

function withoutKey(schema: JsonSchema, key: string): JsonSchema {
  const { [key]: _, ...rest } = schema;
  return rest;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
