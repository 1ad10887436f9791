import type { ChromaMetadata } from './chroma-contract-payloads.js';

/** A request the contract refuses: answered with `status` and ChromaDB's error body. */
export class ChromaContractRefusal extends Error {
  readonly status: number;
  readonly errorName: string;

  constructor(status: number, errorName: string, message: string) {
    super(message);
    this.status = status;
    this.errorName = errorName;
  }
}

const invalid = (message: string) => new ChromaContractRefusal(400, 'InvalidArgumentError', message);

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The one operator of an object that must hold exactly one, as ChromaDB requires. */
function onlyEntry(where: unknown, what: string): [string, unknown] {
  if (typeof where !== 'object' || where === null || Array.isArray(where))
    throw invalid(`Expected ${what} to be an object`);
  const entries = Object.entries(where);
  const first = entries[0];
  if (entries.length !== 1 || first === undefined)
    throw invalid(`Expected ${what} to have exactly one operator, got ${entries.length}`);
  return first;
}

function operands(value: unknown, operator: string, what: string): unknown[] {
  if (!Array.isArray(value) || value.length < 2)
    throw invalid(`Expected ${what} operator ${operator} to have a list of at least two expressions`);
  return value;
}

const comparisons = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte'];

/**
 * True when `metadata` passes a `where` (ChromaDB's metadata filter): `$and` / `$or` of
 * `{ key: value }` or `{ key: { $eq | $ne | $gt | $gte | $lt | $lte | $in | $nin: … } }`.
 * A key the record lacks passes no comparison. The whole filter is checked, whatever the
 * record, so a malformed one is refused even by an empty collection.
 */
export function matchesWhere(where: unknown, metadata: ChromaMetadata | null): boolean {
  const [key, condition] = onlyEntry(where, 'where');
  if (key === '$and')
    return operands(condition, key, 'where')
      .map((part) => matchesWhere(part, metadata))
      .every(Boolean);
  if (key === '$or')
    return operands(condition, key, 'where')
      .map((part) => matchesWhere(part, metadata))
      .some(Boolean);
  if (key.startsWith('$')) throw invalid(`Unknown where operator ${key}`);
  const [operator, operand] = isScalar(condition)
    ? ['$eq', condition]
    : onlyEntry(condition, `where value of '${key}'`);
  const value = metadata?.[key];
  if (operator === '$in' || operator === '$nin') {
    if (!Array.isArray(operand) || !operand.every(isScalar)) throw invalid(`Expected ${operator} to be a list`);
    if (value === undefined || value === null || Array.isArray(value)) return false;
    return operator === '$in' ? operand.includes(value) : !operand.includes(value);
  }
  if (!comparisons.includes(operator)) throw invalid(`Unknown where operator ${operator}`);
  if (!isScalar(operand)) throw invalid(`Expected the operand of ${operator} to be a string, number or boolean`);
  if (value === undefined || value === null || Array.isArray(value)) return false;
  switch (operator) {
    case '$eq':
      return value === operand;
    case '$ne':
      return value !== operand;
    case '$gt':
      return typeof value === 'number' && typeof operand === 'number' && value > operand;
    case '$gte':
      return typeof value === 'number' && typeof operand === 'number' && value >= operand;
    case '$lt':
      return typeof value === 'number' && typeof operand === 'number' && value < operand;
    default:
      return typeof value === 'number' && typeof operand === 'number' && value <= operand;
  }
}

/** True when `document` passes a `where_document`: `$contains` / `$not_contains` (case-sensitive), `$and`, `$or`. */
export function matchesWhereDocument(whereDocument: unknown, document: string | null): boolean {
  const [operator, operand] = onlyEntry(whereDocument, 'where_document');
  switch (operator) {
    case '$and':
      return operands(operand, operator, 'where_document')
        .map((part) => matchesWhereDocument(part, document))
        .every(Boolean);
    case '$or':
      return operands(operand, operator, 'where_document')
        .map((part) => matchesWhereDocument(part, document))
        .some(Boolean);
    case '$contains':
    case '$not_contains': {
      if (typeof operand !== 'string' || operand.length === 0)
        throw invalid(`Expected the operand of ${operator} to be a non-empty string`);
      const found = document?.includes(operand) === true;
      return operator === '$contains' ? found : !found;
    }
    default:
      throw invalid(`The contract server does not implement where_document operator ${operator}`);
  }
}
