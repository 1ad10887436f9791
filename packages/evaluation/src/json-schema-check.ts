import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject } from 'ajv/dist/2020.js';
import type addFormatsModule from 'ajv-formats';

/** Whether a value conforms: `[]` when it does, else each issue as `<JSON Pointer>: <message>`. */
export type JsonSchemaCheck = (value: unknown) => readonly string[];

// Loaded at the first schema compiled, so a dataset without schemas never loads ajv.
const load = createRequire(import.meta.url);
let ajv: Ajv2020 | undefined;

function sharedAjv(): Ajv2020 {
  if (ajv !== undefined) return ajv;
  const { Ajv2020: Ajv } = load('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  // ajv-formats is CommonJS with `exports.default`.
  const addFormats = (load('ajv-formats') as typeof addFormatsModule).default;
  // Unknown keywords are refused (strict), so that a typo in a schema does not accept every answer.
  ajv = new Ajv({ allErrors: true, strictTypes: false, strictTuples: false, addUsedSchema: false });
  addFormats(ajv);
  return ajv;
}

/**
 * Compiles a JSON Schema (draft 2020-12, with the formats of ajv-formats). Throws ajv's error
 * when the schema itself is invalid; the caller words it for the person who wrote the schema.
 */
export function compileJsonSchema(schema: Readonly<Record<string, unknown>>): JsonSchemaCheck {
  const validate = sharedAjv().compile(schema);
  return (value) => (validate(value) ? [] : (validate.errors ?? []).map(issueText));
}

function issueText(error: ErrorObject): string {
  return `${error.instancePath === '' ? '(the answer)' : error.instancePath}: ${error.message ?? error.keyword}`;
}
