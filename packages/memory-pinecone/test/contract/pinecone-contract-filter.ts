import type { PineconeMetadata } from './pinecone-contract-payloads.js';

/** A request the contract refuses: answered with `status` and the data plane's error body. */
export class PineconeContractRefusal extends Error {
  readonly status: number;
  /** The gRPC status code the data plane puts in its error body. */
  readonly grpcCode: number;

  constructor(status: number, grpcCode: number, message: string) {
    super(message);
    this.status = status;
    this.grpcCode = grpcCode;
  }
}

export const invalidArgument = (message: string) => new PineconeContractRefusal(400, 3, message);

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * True when `metadata` passes a Pinecone metadata filter: `$and` / `$or` of
 * `{ field: value }` or `{ field: { $eq | $ne | $gt | $gte | $lt | $lte | $in | $nin | $exists: … } }`.
 * A list of strings matches `$eq` and `$in` when any of its values does, and `$ne` and `$nin`
 * when none does. The whole filter is checked, whatever the record.
 */
export function matchesFilter(filter: unknown, metadata: PineconeMetadata | undefined): boolean {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw invalidArgument('filter must be an object');
  const results = Object.entries(filter).map(([field, condition]) => {
    if (field === '$and' || field === '$or') {
      if (!Array.isArray(condition) || condition.length === 0)
        throw invalidArgument(`${field} must be a non-empty list of filters`);
      const parts = condition.map((part) => matchesFilter(part, metadata));
      return field === '$and' ? parts.every(Boolean) : parts.some(Boolean);
    }
    if (field.startsWith('$')) throw invalidArgument(`unknown filter operator ${field}`);
    return matchesField(field, condition, metadata?.[field]);
  });
  return results.every(Boolean);
}

function matchesField(field: string, condition: unknown, value: PineconeMetadata[string] | undefined): boolean {
  const operations: [string, unknown][] =
    isScalar(condition) || Array.isArray(condition)
      ? [['$eq', condition]]
      : typeof condition === 'object' && condition !== null
        ? Object.entries(condition)
        : [];
  if (operations.length === 0)
    throw invalidArgument(`the condition on '${field}' is not a value or an operator object`);
  const values: Scalar[] = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return operations
    .map(([operator, operand]) => {
      switch (operator) {
        case '$exists':
          if (typeof operand !== 'boolean') throw invalidArgument('$exists takes true or false');
          return (value !== undefined) === operand;
        case '$in':
        case '$nin': {
          if (!Array.isArray(operand) || !operand.every(isScalar)) throw invalidArgument(`${operator} takes a list`);
          const found = values.some((candidate) => operand.includes(candidate));
          return operator === '$in' ? found : !found;
        }
        case '$eq':
        case '$ne': {
          if (!isScalar(operand)) throw invalidArgument(`${operator} takes a string, number or boolean`);
          const found = values.includes(operand);
          return operator === '$eq' ? found : !found;
        }
        case '$gt':
        case '$gte':
        case '$lt':
        case '$lte': {
          if (typeof operand !== 'number') throw invalidArgument(`${operator} takes a number`);
          if (typeof value !== 'number') return false;
          if (operator === '$gt') return value > operand;
          if (operator === '$gte') return value >= operand;
          return operator === '$lt' ? value < operand : value <= operand;
        }
        default:
          throw invalidArgument(`unknown filter operator ${operator}`);
      }
    })
    .every(Boolean);
}
