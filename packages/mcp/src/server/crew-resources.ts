import type { CrewDefinition, FileSystem } from '@orkeon/core';
import { watchFileChanges } from './file-change-watch.js';
import { JsonRpcFailure, jsonRpcCodes } from './json-rpc.js';
import type { McpResourceContents, McpResourceDescription } from './mcp-catalog.js';

const mimeTypes = { markdown: 'text/markdown', json: 'application/json', text: 'text/plain' } as const;

/** The URI a deliverable is served under: its virtual path below `orkeon://deliverables`. */
export function deliverableUri(path: string): string {
  return `orkeon://deliverables${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * The crew's deliverables as resources: one per task that declares one, read from the
 * agents' view of the file system (what the last run wrote there). Nothing else of the
 * file system is reachable through them.
 */
export function crewResources(crew: CrewDefinition | undefined, files: FileSystem) {
  const entries = (crew?.tasks ?? []).flatMap((task) =>
    task.deliverable === undefined
      ? []
      : [
          {
            path: task.deliverable.path,
            description: {
              uri: deliverableUri(task.deliverable.path),
              name: task.id,
              title: `Deliverable of task '${task.id}'`,
              description: task.expectedOutput,
              mimeType: mimeTypes[task.deliverable.format ?? 'text'],
            } satisfies McpResourceDescription,
          },
        ],
  );
  return {
    list: (): readonly McpResourceDescription[] => entries.map((entry) => entry.description),
    /**
     * Follows a deliverable's file: `changed` is called whenever a run writes it. Undefined for a
     * URI that is not a deliverable; a deliverable outside every mount is followed by no one.
     */
    async watch(uri: string, changed: () => void): Promise<(() => void) | undefined> {
      const entry = entries.find((candidate) => candidate.description.uri === uri);
      if (entry === undefined) return undefined;
      const resolved = await files.resolve(entry.path, 'Read');
      if (!resolved.ok) return () => {};
      return watchFileChanges(resolved.value.physicalPath, changed);
    },
    /** `others`: the URIs served besides the deliverables, named when a URI is not found. */
    async read(uri: string, others: readonly string[] = []): Promise<McpResourceContents> {
      const entry = entries.find((candidate) => candidate.description.uri === uri);
      if (entry === undefined)
        throw new JsonRpcFailure(
          jsonRpcCodes.invalidParams,
          `Resource not found: '${uri}'. Served resources: ${[...entries.map((e) => e.description.uri), ...others].join(', ') || '(none)'}.`,
          { uri },
        );
      const read = await files.readText(entry.path);
      if (!read.ok)
        throw new JsonRpcFailure(
          jsonRpcCodes.invalidParams,
          `Resource not found: '${uri}' has not been written yet (${read.message}). Run the crew first (orkeon run).`,
          { uri },
        );
      return {
        uri,
        ...(entry.description.mimeType === undefined ? {} : { mimeType: entry.description.mimeType }),
        text: read.value,
      };
    },
  };
}
