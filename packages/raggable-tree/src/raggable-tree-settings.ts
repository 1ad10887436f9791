import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** Folders and files no code index wants: dependencies, build output, version control, caches. */
export const defaultExcludePatterns = [
  'node_modules',
  'dist',
  'build',
  'out',
  'bin',
  'obj',
  'target',
  'vendor',
  'coverage',
  '.git',
  '.hg',
  '.svn',
  '.venv',
  'venv',
  '__pycache__',
  '.tox',
  '.next',
  '.nuxt',
  '.turbo',
  '.cache',
  '*.min.js',
] as const;

/** Where symbol vectors come from: the runtime's embedding provider, or none (words only). */
export const embeddingProviderChoices = ['Default', 'None'] as const;
export type EmbeddingProviderChoice = (typeof embeddingProviderChoices)[number];

/** `RaggableTree`: the code index of a folder and the code-analysis tools over it (reference brief §9). */
export const raggableTreeSettings = defineSettingsSection(
  'RaggableTree',
  z.object({
    Enabled: z
      .boolean()
      .default(true)
      .describe('false registers neither the code index nor its tools (addRaggableTree does nothing).'),
    Root: z
      .string()
      .startsWith('/', 'an absolute virtual path, such as /crew')
      .default('/crew')
      .describe('The virtual folder indexed when a call names none (index_codebase can index another).'),
    Exclude: z
      .array(z.string().min(1))
      .default([...defaultExcludePatterns])
      .describe(
        'Globs of folders and files left out. A pattern without `/` matches a name at any depth (`node_modules`, `*.min.js`); one with `/` matches the path from the root (`src/generated/**`). A list given replaces the default one.',
      ),
    IncludeStatements: z
      .boolean()
      .default(false)
      .describe(
        'Keep the statements of every function in the index (level L4). statement_query works either way: without them it parses the one file it needs.',
      ),
    IndexDirectory: z
      .string()
      .startsWith('/', 'an absolute virtual path, such as /output/raggable-tree')
      .default('/output/raggable-tree')
      .describe('Virtual folder the index is saved in, one JSON file per indexed root; mount it writable.'),
    MaxFileBytes: z
      .number()
      .int()
      .min(1)
      .default(1024 * 1024)
      .describe('Source files larger than this are skipped (generated or minified code, most often).'),
    Embedding: z
      .strictObject({
        Provider: z
          .enum(embeddingProviderChoices)
          .default('Default')
          .describe(
            "Default: symbol summaries are embedded with the runtime's embedding provider when one is available, and searches fuse words and vectors; None: words only.",
          ),
      })
      .prefault({}),
  }),
  {
    description:
      'Codebase context (@orkeon/raggable-tree): a Tree-sitter symbol graph of a folder, kept current as files change, and the code-analysis tools over it.',
  },
);

export type RaggableTreeSettings = SectionSettings<typeof raggableTreeSettings>;
