import { defineTool, isToolResult, type Tool, toolDenied, toolFailure, toolSuccess } from '@orkeon/core';
import type * as MongoDb from 'mongodb';
import { z } from 'zod';
import { type DatabaseConnection, resolveConnections } from '../connections/database-connection.js';
import {
  connectionsOfKinds,
  describeConnections,
  pickConnection,
  queryToolAccess,
  toolTimeoutMilliseconds,
} from '../connections/tool-connections.js';
import { describeFailure } from '../results/describe-failure.js';
import { describeRowCount } from '../results/format-outcome.js';
import { rowCountLimit } from '../results/statement-outcome.js';
import { bindDatabaseSettings, type DatabaseSettingsInput } from '../settings/database-settings.js';
import { cancelledMessage, StatementStoppedError, timeoutMessageFor } from '../sql/sql-driver.js';
import { type DatabaseToolOptions, noConnections } from '../sql/sql-query-tool.js';
import {
  collectionNameProblem,
  isWriteOperation,
  type MongoOperation,
  mongoReadOperations,
  mongoWriteOperations,
  writingStageOf,
} from './mongodb-operations.js';
import { loadMongoDbPackage, type MongoDbModule, withMongoDatabase } from './mongodb-session.js';

export const mongoDbQueryToolName = 'mongodb_query';

const document = z.record(z.string(), z.unknown());

const mongoDbQueryFields = {
  connection: z.string().min(1).max(100).describe('Name of the connection (see the list in the description).'),
  collection: z.string().min(1).max(255).describe('The collection.'),
  filter: document.optional().describe('A query filter in MongoDB Extended JSON, e.g. {"status": "open"}.'),
  projection: document.optional().describe('find: the fields to return, e.g. {"name": 1}.'),
  sort: document.optional().describe('find: the order, e.g. {"created": -1}.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .optional()
    .describe("find: at most this many (never above the connection's limit)."),
  skip: z.number().int().min(0).max(10_000_000).optional().describe('find: documents to skip first.'),
  pipeline: z.array(document).max(100).optional().describe('aggregate: the stages.'),
  field: z.string().min(1).max(255).optional().describe('distinct: the field whose distinct values are wanted.'),
  document: document.optional().describe('insert_one: the document.'),
  documents: z.array(document).min(1).max(1_000).optional().describe('insert_many: the documents.'),
  update: z
    .union([document, z.array(document).max(100)])
    .optional()
    .describe('update_one / update_many: the update, e.g. {"$set": {"status": "closed"}}.'),
};

export const mongoDbQueryInput = z.strictObject({
  ...mongoDbQueryFields,
  operation: z.enum([...mongoReadOperations, ...mongoWriteOperations]).default('find'),
});

export type MongoDbQueryInput = z.output<typeof mongoDbQueryInput>;

/**
 * `mongodb_query` over the mongodb connections (optional package `mongodb`). The
 * reads (find, aggregate, count, distinct) are always offered; the writes only
 * when a connection allows them, and then only on that connection. `$out` and
 * `$merge` stages are refused on a read-only connection. Every operation carries
 * `maxTimeMS` and the call's abort signal.
 */
export function createMongoDbQueryTool(
  settings: DatabaseSettingsInput,
  options: DatabaseToolOptions = {},
): Tool<MongoDbQueryInput> {
  const bound = bindDatabaseSettings(settings);
  const connections = connectionsOfKinds(resolveConnections(bound, options.environment), ['mongodb']);
  if (connections.length === 0) throw noConnections(mongoDbQueryToolName, ['mongodb']);
  const writable = connections.some((connection) => connection.settings.AllowWrites);
  const operations = writable ? [...mongoReadOperations, ...mongoWriteOperations] : [...mongoReadOperations];
  const input = z.strictObject({
    ...mongoDbQueryFields,
    operation: z
      .enum(operations as [MongoOperation, ...MongoOperation[]])
      .default('find')
      .describe(`One of: ${operations.join(', ')}.`),
  });
  return defineTool({
    name: mongoDbQueryToolName,
    description: `Runs one operation (${operations.join(', ')}) on a collection of a named MongoDB connection and returns the documents as Extended JSON, one per line. Values go in filter/pipeline/document objects, never in strings of code. Connections:\n${describeConnections(connections)}`,
    input,
    access: queryToolAccess(connections),
    maxResultCharacters: bound.MaxResultCharacters,
    timeoutMilliseconds: toolTimeoutMilliseconds(connections),
    async execute(call, context) {
      const connection = pickConnection(mongoDbQueryToolName, connections, call.connection);
      if (isToolResult(connection)) return connection;
      const refusal = refusalOf(call, connection);
      if (refusal !== undefined) return refusal;
      try {
        const mongo = await loadMongoDbPackage(options.importPackage);
        const text = await withMongoDatabase(mongo, connection, context.signal, (database) =>
          runOperation(mongo, database.collection(call.collection), call, connection, context.signal),
        );
        return toolSuccess(text);
      } catch (error) {
        return toolFailure(describeFailure(stoppedOr(error, connection, context.signal), connection, context.vfs));
      }
    },
  });
}

function refusalOf(call: MongoDbQueryInput, connection: DatabaseConnection) {
  const problem = collectionNameProblem(call.collection);
  if (problem !== undefined)
    return toolFailure(`Collection ${JSON.stringify(call.collection)} cannot be used: ${problem}.`);
  if (isWriteOperation(call.operation) && !connection.settings.AllowWrites)
    return toolDenied(
      `Connection '${connection.name}' is read-only: ${call.operation} is not offered on it (only ${mongoReadOperations.join(', ')}). An operator can allow writes with Svc:Tools:Database:Connections:${connection.name}:AllowWrites.`,
    );
  const stage = call.operation === 'aggregate' ? writingStageOf(call.pipeline ?? []) : undefined;
  if (stage !== undefined && !connection.settings.AllowWrites)
    return toolDenied(
      `Connection '${connection.name}' is read-only: the aggregation stage ${stage} writes into a collection, so it is refused.`,
    );
  const missing = requiredArgument(call);
  return missing === undefined ? undefined : toolFailure(`The operation ${call.operation} needs \`${missing}\`.`);
}

function requiredArgument(call: MongoDbQueryInput): string | undefined {
  const needs: Partial<Record<MongoOperation, keyof MongoDbQueryInput>> = {
    aggregate: 'pipeline',
    distinct: 'field',
    insert_one: 'document',
    insert_many: 'documents',
    update_one: 'update',
    update_many: 'update',
    delete_one: 'filter',
    delete_many: 'filter',
  };
  const key = needs[call.operation];
  if (key === undefined) return undefined;
  if ((call.operation === 'update_one' || call.operation === 'update_many') && call.filter === undefined)
    return 'filter';
  return call[key] === undefined ? key : undefined;
}

async function runOperation(
  mongo: MongoDbModule,
  collection: MongoDb.Collection,
  call: MongoDbQueryInput,
  connection: DatabaseConnection,
  signal: AbortSignal,
): Promise<string> {
  const { EJSON } = mongo.BSON;
  const read = <T>(value: T): T =>
    value === undefined ? value : (EJSON.deserialize(value as MongoDb.Document, { relaxed: true }) as T);
  const show = (value: unknown) => EJSON.stringify(value as MongoDb.Document, { relaxed: true });
  const maxTimeMS = connection.settings.TimeoutSeconds * 1_000;
  const maxRows = connection.settings.MaxRows;
  const filter = read(call.filter) ?? {};
  switch (call.operation) {
    case 'find': {
      const limit = Math.min(call.limit ?? maxRows, maxRows);
      const cursor = collection.find(filter, {
        maxTimeMS,
        signal,
        limit: limit + 1,
        ...(call.projection === undefined ? {} : { projection: read(call.projection) }),
        ...(call.sort === undefined ? {} : { sort: read(call.sort) as MongoDb.Sort }),
        ...(call.skip === undefined ? {} : { skip: call.skip }),
      });
      const documents = await cursor.toArray();
      const shown = documents.slice(0, limit);
      let total = documents.length;
      let exact = true;
      if (documents.length > limit && limit === maxRows) {
        const counted = await collection.countDocuments(filter, {
          maxTimeMS,
          signal,
          limit: rowCountLimit,
          ...(call.skip === undefined ? {} : { skip: call.skip }),
        });
        total = counted;
        exact = counted < rowCountLimit;
      } else if (documents.length > limit) total = limit;
      return documentsText(shown, total, exact, show);
    }
    case 'aggregate': {
      const documents = await collection
        .aggregate(read(call.pipeline) ?? [], { maxTimeMS, signal })
        .limit(maxRows + 1)
        .toArray();
      return documentsText(documents.slice(0, maxRows), documents.length, documents.length <= maxRows, show);
    }
    case 'count': {
      const counted = await collection.countDocuments(filter, { maxTimeMS, signal });
      return `${counted.toLocaleString('en-US')} ${counted === 1 ? 'document' : 'documents'} match.`;
    }
    case 'distinct': {
      const values = await collection.distinct(call.field ?? '', filter, { maxTimeMS });
      return documentsText(values.slice(0, maxRows), values.length, true, show, 'values');
    }
    case 'insert_one': {
      const result = await collection.insertOne(read(call.document) ?? {}, { maxTimeMS });
      return `Inserted 1 document, _id ${show(result.insertedId)}.`;
    }
    case 'insert_many': {
      const result = await collection.insertMany(
        (call.documents ?? []).map((item) => read(item)),
        { maxTimeMS },
      );
      return `Inserted ${result.insertedCount} documents.`;
    }
    case 'update_one':
    case 'update_many': {
      const update = read(call.update) as MongoDb.UpdateFilter<MongoDb.Document> | MongoDb.Document[];
      const method = call.operation === 'update_one' ? collection.updateOne : collection.updateMany;
      const result = await method.call(collection, filter, update, { maxTimeMS, signal });
      return `Matched ${result.matchedCount}, modified ${result.modifiedCount}${result.upsertedCount > 0 ? `, upserted ${result.upsertedCount}` : ''}.`;
    }
    case 'delete_one':
    case 'delete_many': {
      const method = call.operation === 'delete_one' ? collection.deleteOne : collection.deleteMany;
      const result = await method.call(collection, filter, { maxTimeMS, signal });
      return `Deleted ${result.deletedCount} ${result.deletedCount === 1 ? 'document' : 'documents'}.`;
    }
  }
}

function documentsText(
  documents: readonly unknown[],
  total: number,
  exact: boolean,
  show: (value: unknown) => string,
  noun = 'documents',
): string {
  const summary = describeRowCount(
    { columns: [], rows: documents as unknown[][], totalRows: total, totalExact: exact },
    'narrow the filter, or page with skip and limit',
    noun,
  );
  return [`(${summary})`, ...documents.map(show)].join('\n');
}

/** MongoDB's codes for an operation stopped by `maxTimeMS`. */
const timeLimitCodes = new Set([50, 262]);

function stoppedOr(error: unknown, connection: DatabaseConnection, signal: AbortSignal): unknown {
  if (signal.aborted) return new StatementStoppedError(cancelledMessage);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'number' && timeLimitCodes.has(code))
    return new StatementStoppedError(timeoutMessageFor(connection.name, connection.settings.TimeoutSeconds));
  return error;
}
