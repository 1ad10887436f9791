import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { RaggableTree } from '../raggable-tree.js';
import { capped, describeCounts } from './text-format.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const indexStatusToolName = 'index_status';

export const indexStatusInput = z.strictObject({});

/** `index_status`: the index's size, where it is saved, and which files changed since; it changes nothing. */
export function createIndexStatusTool(tree: () => RaggableTree): Tool<z.output<typeof indexStatusInput>> {
  return defineTool({
    name: indexStatusToolName,
    description:
      'Show the state of the code index: folder, files, symbols, packages, languages, when it was made, and the files changed since (without re-indexing them).',
    input: indexStatusInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    async execute() {
      const status = await tree().status();
      if (!status.indexed)
        return `No index of ${status.root} yet: index_codebase builds it (any other code tool does too).`;
      const statements = tree().settings.IncludeStatements
        ? ''
        : '; statements are not kept (statement_query parses them when asked)';
      const lines = [`Index of ${status.root}: ${describeCounts(status)}${statements}.`];
      const saved = status.saved
        ? `saved in ${status.indexFile}`
        : `not saved${status.saveProblem === undefined ? '' : ` (${status.saveProblem})`}`;
      const search =
        status.embedding === undefined
          ? 'words only'
          : `words and vectors (${status.embedding.model}, ${status.embedding.dimensions} dimensions)`;
      lines.push(`Made ${status.indexedAt}; ${saved}. Search: ${search}.`);
      const pending = status.pending;
      const count = pending === undefined ? 0 : pending.added.length + pending.changed.length + pending.removed.length;
      if (pending === undefined || count === 0) lines.push('Up to date with the files.');
      else
        lines.push(
          `Changed since: ${pending.added.length} added, ${pending.changed.length} changed, ${pending.removed.length} removed (${capped(
            [...pending.changed, ...pending.added, ...pending.removed],
            8,
            String,
          )}). The next query re-indexes them; incremental_reindex does it now.`,
        );
      return lines.join('\n');
    },
  });
}
