import { defaultHubSchemaId, serviceToken } from '@orkeon/core';
import { createJsonSchemaCompiler, type PayloadCheck, type PayloadIssue } from './json-schema-compiler.js';

/**
 * The schema ids messages may declare, each with its JSON Schema (draft 2020-12), compiled once
 * when registered. The validation stage always checks the id; it checks payloads when turned on.
 */
export class EventSchemaRegistry {
  readonly #compile = createJsonSchemaCompiler();
  readonly #checks = new Map<string, PayloadCheck>();

  /** Registers a schema id; without a schema every payload conforms. Throws a TypeError for a schema ajv cannot compile. */
  register(schemaId: string, schema: Readonly<Record<string, unknown>> = {}): this {
    let check: PayloadCheck;
    try {
      check = this.#compile(schema);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new TypeError(
        `The schema registered as '${schemaId}' is not a valid JSON Schema (draft 2020-12): ${reason}. Fix the schema, or register the id without one.`,
        { cause: error },
      );
    }
    this.#checks.set(schemaId, check);
    return this;
  }

  /** True for `application/json` (no contract) and every registered id. */
  has(schemaId: string): boolean {
    return schemaId === defaultHubSchemaId || this.#checks.has(schemaId);
  }

  /** How `payload` breaks the schema of `schemaId`: none when it conforms, for `application/json` and for an unregistered id. */
  issues(schemaId: string, payload: unknown): readonly PayloadIssue[] {
    if (schemaId === defaultHubSchemaId) return [];
    return this.#checks.get(schemaId)?.(payload) ?? [];
  }

  get ids(): readonly string[] {
    return [...this.#checks.keys()];
  }
}

/** The registry the validation stage reads; `addSvcEventHubValidation` registers an empty one when the host has not. */
export const EventSchemaRegistryService = serviceToken<EventSchemaRegistry>('EventSchemaRegistry');
