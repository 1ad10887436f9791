import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type addFormatsModule from 'ajv-formats';

/** One way a payload breaks its schema: where (a JSON Pointer, `''` for the payload itself) and what. */
export interface PayloadIssue {
  readonly path: string;
  readonly message: string;
}

/** A compiled schema: the payload's issues, none when it conforms. */
export type PayloadCheck = (payload: unknown) => readonly PayloadIssue[];

// Loaded at the first schema compiled, so a run that registers none (or ids only) never loads ajv.
const load = createRequire(import.meta.url);

function newAjv(): Ajv2020 {
  const { Ajv2020: Ajv } = load('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  // ajv-formats is CommonJS with `exports.default`.
  const addFormats = (load('ajv-formats') as typeof addFormatsModule).default;
  const ajv = new Ajv({ allErrors: true, strictTypes: false, strictTuples: false });
  addFormats(ajv);
  return ajv;
}

/**
 * Compiles JSON Schemas (draft 2020-12, with the `format`s of ajv-formats). Unknown keywords are
 * refused so that a typo does not silently accept everything; every issue is reported, not just the first.
 */
export function createJsonSchemaCompiler(): (schema: Readonly<Record<string, unknown>>) => PayloadCheck {
  let ajv: Ajv2020 | undefined;
  return (schema) => {
    // No schema: every payload conforms, and nothing needs compiling.
    if (Object.keys(schema).length === 0) return () => [];
    ajv ??= newAjv();
    // A schema registered again under the same `$id` replaces the earlier one instead of clashing with it.
    if (typeof schema.$id === 'string') ajv.removeSchema(schema.$id);
    const validate: ValidateFunction = ajv.compile(schema);
    return (payload) => (validate(payload) ? [] : (validate.errors ?? []).map(issueOf));
  };
}

function issueOf(error: ErrorObject): PayloadIssue {
  return { path: error.instancePath, message: error.message ?? error.keyword };
}
