import { defineTool, isToolResult, type Tool, toolFailure, toolSuccess } from '@orkeon/core';
import { z } from 'zod';
import { resolveConnections } from '../connections/database-connection.js';
import {
  connectionsOfKinds,
  describeConnections,
  pickConnection,
  toolTimeoutMilliseconds,
} from '../connections/tool-connections.js';
import { describeFailure } from '../results/describe-failure.js';
import { bindDatabaseSettings, type DatabaseSettingsInput } from '../settings/database-settings.js';
import { type DatabaseToolOptions, noConnections } from '../sql/sql-query-tool.js';
import { collectionNameProblem } from './mongodb-operations.js';
import { loadMongoDbPackage, withMongoDatabase } from './mongodb-session.js';
import { describeFieldTypes, sampleFieldTypes } from './sample-field-types.js';

export const mongoDbSchemaToolName = 'mongodb_schema';

export const mongoDbSchemaInput = z.strictObject({
  connection: z.string().min(1).max(100).describe('Name of the connection (see the list in the description).'),
  collection: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('A collection to describe; leave out to list the collections.'),
  sample_size: z
    .number()
    .int()
    .min(1)
    .max(1_000)
    .default(100)
    .describe('Documents sampled to find the fields and their types.'),
});

export type MongoDbSchemaInput = z.output<typeof mongoDbSchemaInput>;

/**
 * `mongodb_schema`: the collections of a MongoDB connection, or the fields of one
 * collection with their BSON types and how often they appear, from a `$sample` of
 * its documents. It only reads, so it is a `Read` tool.
 */
export function createMongoDbSchemaTool(
  settings: DatabaseSettingsInput,
  options: DatabaseToolOptions = {},
): Tool<MongoDbSchemaInput> {
  const bound = bindDatabaseSettings(settings);
  const connections = connectionsOfKinds(resolveConnections(bound, options.environment), ['mongodb']);
  if (connections.length === 0) throw noConnections(mongoDbSchemaToolName, ['mongodb']);
  return defineTool({
    name: mongoDbSchemaToolName,
    description: `Lists the collections of a named MongoDB connection, or with \`collection\` its fields, their types and how often they appear in a sample. Connections:\n${describeConnections(connections)}`,
    input: mongoDbSchemaInput,
    access: 'Read',
    maxResultCharacters: bound.MaxResultCharacters,
    timeoutMilliseconds: toolTimeoutMilliseconds(connections),
    async execute(call, context) {
      const connection = pickConnection(mongoDbSchemaToolName, connections, call.connection);
      if (isToolResult(connection)) return connection;
      const problem = call.collection === undefined ? undefined : collectionNameProblem(call.collection);
      if (problem !== undefined)
        return toolFailure(`Collection ${JSON.stringify(call.collection)} cannot be used: ${problem}.`);
      const maxTimeMS = connection.settings.TimeoutSeconds * 1_000;
      try {
        const mongo = await loadMongoDbPackage(options.importPackage);
        const text = await withMongoDatabase(mongo, connection, context.signal, async (database) => {
          if (call.collection === undefined) {
            const collections = await database
              .listCollections({}, { nameOnly: true, authorizedCollections: true, signal: context.signal })
              .toArray();
            const names = collections.map((entry) => entry.name).sort();
            return names.length === 0
              ? 'The database has no collections.'
              : `Collections (${names.length}):\n${names.join('\n')}`;
          }
          const sample = await database
            .collection(call.collection)
            .aggregate([{ $sample: { size: call.sample_size } }], { maxTimeMS, signal: context.signal })
            .toArray();
          if (sample.length === 0) return `The collection ${call.collection} is empty or does not exist.`;
          return describeFieldTypes(sampleFieldTypes(sample), sample.length);
        });
        return toolSuccess(text);
      } catch (error) {
        return toolFailure(describeFailure(error, connection, context.vfs));
      }
    },
  });
}
