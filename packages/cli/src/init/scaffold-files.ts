import { crewVariable, crewYaml } from './crew-template.js';
import { gitignoreText } from './gitignore-template.js';
import type { ModelChoice } from './model-choice.js';
import { readmeText } from './readme-template.js';
import { settingsJson } from './settings-template.js';
import { toolFilePath, toolModule, toolName } from './tool-template.js';

/** One file of a new project. */
export interface ScaffoldFile {
  /** Relative to the project's folder, with `/`. */
  readonly path: string;
  readonly text: string;
  /** What it is, for the summary `orkeon init` prints. */
  readonly about: string;
}

/** The paths of a new project's files, relative to its folder, in the order they are written and listed. */
export const scaffoldPaths = {
  crew: 'crew.yaml',
  tool: toolFilePath,
  settings: 'appsettings.json',
  gitignore: '.gitignore',
  readme: 'README.md',
} as const;

/** The files of a new project named `name` that runs on `choice`, in the order of `scaffoldPaths`. */
export function scaffoldFiles(name: string, choice: ModelChoice): readonly ScaffoldFile[] {
  const model =
    choice.kind === 'echo'
      ? 'no Llm section: the offline echo model'
      : `the model, ${choice.model} (${choice.provider.key})`;
  return [
    {
      path: scaffoldPaths.crew,
      text: crewYaml(name),
      about: `the crew: a researcher and a writer, input {${crewVariable.name}}`,
    },
    { path: scaffoldPaths.tool, text: toolModule, about: `the writer's tool ${toolName}, in TypeScript (a plugin)` },
    { path: scaffoldPaths.settings, text: settingsJson(choice), about: `settings: the tools plugin; ${model}` },
    {
      path: scaffoldPaths.gitignore,
      text: gitignoreText,
      about: 'leaves out .orkeon/ (checkpoints) and local secrets',
    },
    { path: scaffoldPaths.readme, text: readmeText(name, choice), about: 'how to run it and change the model' },
  ];
}
