import { defaultHubSchemaId, serviceToken } from '@orkeon/core';

/**
 * The schema ids messages may declare. Only the id is checked: the payload is not validated
 * against the schema (no JSON Schema validator is part of this package yet).
 */
export class EventSchemaRegistry {
  readonly #schemas = new Map<string, Readonly<Record<string, unknown>>>();

  /** Registers a schema id, with its JSON Schema kept for later payload validation. */
  register(schemaId: string, schema: Readonly<Record<string, unknown>> = {}): this {
    this.#schemas.set(schemaId, schema);
    return this;
  }

  /** True for `application/json` (no contract) and every registered id. */
  has(schemaId: string): boolean {
    return schemaId === defaultHubSchemaId || this.#schemas.has(schemaId);
  }

  get ids(): readonly string[] {
    return [...this.#schemas.keys()];
  }
}

/** The registry the validation stage reads; `addSvcEventHubValidation` registers an empty one when the host has not. */
export const EventSchemaRegistryService = serviceToken<EventSchemaRegistry>('EventSchemaRegistry');
