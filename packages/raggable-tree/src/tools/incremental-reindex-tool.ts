import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { RaggableTree } from '../raggable-tree.js';
import { describeIndexReport } from './describe-index-report.js';
import { codeIndexTimeoutMilliseconds } from './tool-timeouts.js';

export const incrementalReindexToolName = 'incremental_reindex';

export const incrementalReindexInput = z.strictObject({
  paths: z
    .array(z.string().min(1))
    .min(1)
    .max(200)
    .optional()
    .describe('Only check these files or folders (virtual paths); default every file of the index.'),
});

/** `incremental_reindex`: re-indexes the files whose content changed, were added or removed since the last index. */
export function createIncrementalReindexTool(tree: () => RaggableTree): Tool<z.output<typeof incrementalReindexInput>> {
  return defineTool({
    name: incrementalReindexToolName,
    description:
      'Bring the code index up to date after files changed: re-parses changed and added files, drops removed ones, keeps the rest. Answers what changed.',
    input: incrementalReindexInput,
    access: 'Read',
    timeoutMilliseconds: codeIndexTimeoutMilliseconds,
    async execute({ paths }, context) {
      const report = await tree().reindex({ signal: context.signal, ...(paths === undefined ? {} : { paths }) });
      return describeIndexReport(report, 'Re-indexed');
    },
  });
}
