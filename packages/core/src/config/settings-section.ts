import { z } from 'zod';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import { keySeparator } from './settings-tree.js';

/** The subset of JSON Schema that settings binding and the generated docs read. */
export interface SettingsJsonSchema {
  type?: string | string[];
  properties?: Record<string, SettingsJsonSchema>;
  required?: string[];
  additionalProperties?: boolean | SettingsJsonSchema;
  items?: SettingsJsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: SettingsJsonSchema[];
  oneOf?: SettingsJsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  description?: string;
  default?: unknown;
}

/**
 * A typed settings section: its full key (`Svc:Tools:Shell`), a zod object schema
 * whose keys are the setting names exactly as documented, and a description. Bound
 * values carry the schema's defaults.
 */
export interface SettingsSection<Schema extends z.ZodObject = z.ZodObject> {
  readonly path: string;
  readonly segments: readonly string[];
  readonly schema: Schema;
  readonly description: string;
  /** The schema as JSON Schema (input form), read for binding, messages and docs. */
  readonly jsonSchema: SettingsJsonSchema;
}

export type SectionSettings<Section extends SettingsSection> = z.output<Section['schema']>;

export function defineSettingsSection<Schema extends z.ZodObject>(
  path: string,
  schema: Schema,
  options: { description: string },
): SettingsSection<Schema> {
  const segments = path.split(keySeparator);
  if (segments.some((segment) => !/^[A-Za-z][A-Za-z0-9]*$/.test(segment))) {
    throw new OrkeonError<CoreErrorCode>(
      'CONFIGURATION_SECTION_PATH_INVALID',
      `Settings section path '${path}' must be words separated by ':' (e.g. 'Svc:Tools:Shell').`,
    );
  }
  // Made when first read (binding, a message, the docs): every package defines its sections as it
  // loads, and a command reads few of them.
  let jsonSchema: SettingsJsonSchema | undefined;
  return {
    path,
    segments,
    schema,
    description: options.description,
    get jsonSchema() {
      jsonSchema ??= z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SettingsJsonSchema;
      return jsonSchema;
    },
  };
}
