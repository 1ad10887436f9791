/** Where the project's TypeScript tools live, relative to its folder, and the files of that folder that are plugins. */
export const toolsFolder = { path: 'tools', searchPattern: '*.mts' } as const;

/** The project's tool file, relative to its folder. */
export const toolFilePath = `${toolsFolder.path}/text-stats.mts`;

/** The name the crew's writer calls the tool by. */
export const toolName = 'text_stats';

/**
 * The project's TypeScript tool, `tools/text-stats.mts`: a plugin (named exports `name`,
 * `version`, `configureServices`) that registers the tool `text_stats` as a `ToolService`, which
 * is how a YAML crew gets a tool of its own (docs/plugins.md). `.mts` is an ES module wherever it
 * lies, whatever `package.json` is near it; its syntax is the part of TypeScript that Node and
 * tsx both run without a build step (types only, no enums or namespaces).
 */
export const toolModule = `// This project's own tool, in TypeScript. \`orkeon run\` loads every *.mts file of tools/ as a
// plugin (appsettings.json, section Plugins): the crew's folder is mounted read-only at /crew, and
// Plugins:Directory is /crew/tools. No build step and no npm install: the imports of @orkeon/core
// and zod resolve to the copies that run the command.
//
// To add a tool, define it below, register it in configureServices, and name it in an agent's
// tools: in crew.yaml. Tools are described in Orkeon's docs/tools.md, plugins in docs/plugins.md.
import { defineTool, type ServiceCollection, ToolService } from '@orkeon/core';
import { z } from 'zod';

/** The plugin's name and version; each plugin in tools/ needs its own name. */
export const name = 'project-tools';
export const version = '0.1.0';

/** Counts the words, sentences and characters of a text: the writer measures its note with it. */
export const textStats = defineTool({
  name: '${toolName}',
  description: 'Counts the words, sentences and characters of a text.',
  access: 'Read',
  input: z.object({ text: z.string().describe('The text to measure') }),
  async execute({ text }) {
    const words = text.match(/[\\p{L}\\p{N}'’-]+/gu) ?? [];
    const sentences = text.split(/[.!?]+/).filter((part) => part.trim() !== '').length;
    return { words: words.length, sentences, characters: text.length };
  },
});

/** Registers the tools of this file; agents name them in crew.yaml. */
export function configureServices(services: ServiceCollection): void {
  services.addInstance(ToolService, textStats);
}
`;
