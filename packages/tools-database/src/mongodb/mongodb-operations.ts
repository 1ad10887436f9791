/** What `mongodb_query` can do: the reads always, the writes only on a connection with AllowWrites. */
export const mongoReadOperations = ['find', 'aggregate', 'count', 'distinct'] as const;
export const mongoWriteOperations = [
  'insert_one',
  'insert_many',
  'update_one',
  'update_many',
  'delete_one',
  'delete_many',
] as const;

export type MongoReadOperation = (typeof mongoReadOperations)[number];
export type MongoWriteOperation = (typeof mongoWriteOperations)[number];
export type MongoOperation = MongoReadOperation | MongoWriteOperation;

export function isWriteOperation(operation: MongoOperation): operation is MongoWriteOperation {
  return (mongoWriteOperations as readonly string[]).includes(operation);
}

/** Aggregation stages that write into a collection: refused on a read-only connection. */
const writingStages = new Set(['$out', '$merge']);

/** The first stage of `pipeline` that writes, if any (the server allows them only as the last top-level stage). */
export function writingStageOf(pipeline: readonly Record<string, unknown>[]): string | undefined {
  for (const stage of pipeline) for (const key of Object.keys(stage)) if (writingStages.has(key)) return key;
  return undefined;
}

/** A collection name the server would accept: no `$`, no NUL, not a system collection. */
export function collectionNameProblem(name: string): string | undefined {
  if (name.includes('$') || name.includes('\0')) return "a collection name must not contain '$' or NUL";
  if (name.startsWith('system.')) return "collections named 'system.*' belong to the server";
  return undefined;
}
