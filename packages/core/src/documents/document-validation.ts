import {
  DocumentVersionConflictError,
  InvalidDocumentCollectionError,
  InvalidDocumentKeyError,
  InvalidDocumentOptionError,
  InvalidDocumentValueError,
} from './document-errors.js';
import type { ListDocumentsOptions } from './document-store.js';

/** Collection names end up in keys of files and tables: short, and free of separators or quotes. */
export const documentCollectionPattern = /^[A-Za-z0-9_.:-]{1,100}$/;
export const maximumDocumentKeyLength = 1024;
export const maximumDocumentListLimit = 10_000;

/** With the `u` flag a surrogate pair is one code point, so only a lone surrogate matches. */
const loneSurrogate = /\p{Cs}/u;

export function assertValidDocumentCollection(collection: unknown): asserts collection is string {
  if (typeof collection !== 'string' || !documentCollectionPattern.test(collection)) {
    throw new InvalidDocumentCollectionError(collection);
  }
}

/** PostgreSQL text holds no NUL, and a lone surrogate has no UTF-8 form: both are refused everywhere. */
export function assertValidDocumentKey(key: unknown): asserts key is string {
  if (
    typeof key !== 'string' ||
    key.length === 0 ||
    key.length > maximumDocumentKeyLength ||
    key.includes('\u0000') ||
    loneSurrogate.test(key)
  ) {
    throw new InvalidDocumentKeyError(key);
  }
}

/** The JSON text of a value, or a typed error for a value JSON cannot carry. */
export function documentJson(collection: string, key: string, value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    throw new InvalidDocumentValueError(collection, key, `it cannot be written as JSON (${messageOf(error)})`);
  }
  if (json === undefined) throw new InvalidDocumentValueError(collection, key, `a ${typeof value} has no JSON form`);
  // PostgreSQL jsonb refuses NUL in strings; refusing it everywhere keeps the adapters alike.
  if (json.includes('\\u0000')) throw new InvalidDocumentValueError(collection, key, 'a string in it holds NUL');
  return json;
}

export function assertValidExpectedVersion(version: number | undefined): void {
  if (version === undefined) return;
  if (!Number.isInteger(version) || version < 0) {
    throw new InvalidDocumentOptionError('expectedVersion', version, 'give a whole number, 0 for "only when absent"');
  }
}

/** Checks `expectedVersion` against the stored version (0 when absent). */
export function checkExpectedVersion(
  collection: string,
  key: string,
  expected: number | undefined,
  actual: number,
): void {
  if (expected !== undefined && expected !== actual) {
    throw new DocumentVersionConflictError(collection, key, expected, actual);
  }
}

/** The checked list options. */
export function listOptions(options: ListDocumentsOptions = {}): {
  prefix: string | undefined;
  after: string | undefined;
  limit: number | undefined;
} {
  const { prefix, after, limit } = options;
  if (prefix !== undefined && (typeof prefix !== 'string' || prefix.includes('\u0000') || loneSurrogate.test(prefix))) {
    throw new InvalidDocumentOptionError('prefix', prefix, 'give well-formed text without NUL');
  }
  if (after !== undefined) assertValidDocumentKey(after);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > maximumDocumentListLimit)) {
    throw new InvalidDocumentOptionError('limit', limit, `give a whole number from 1 to ${maximumDocumentListLimit}`);
  }
  return { prefix: prefix === '' ? undefined : prefix, after, limit };
}

/** Orders keys by their UTF-8 bytes, as SQLite (BINARY) and PostgreSQL (COLLATE "C") do. */
export function compareDocumentKeys(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left, 'utf8'), Buffer.from(right, 'utf8'));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
