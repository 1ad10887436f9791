import { describeProvider, providerKeys } from '@orkeon/providers';
import { crewVariable, runProjectCommand } from './crew-template.js';
import { apiKeyVariable, type ModelChoice, needsApiKey } from './model-choice.js';
import { toolFilePath, toolName, toolsFolder } from './tool-template.js';

const fence = '```';

/** The project's `README.md`: how to run it, on which model, how to change the model and add a tool. */
export function readmeText(name: string, choice: ModelChoice): string {
  return `# ${name}

A crew made by \`orkeon init\`: a researcher lists facts about a topic, and a writer turns them into a
short note, measuring it with \`${toolName}\`, this project's own TypeScript tool.

## Run it

From this folder:

${fence}sh
${choice.kind === 'provider' && needsApiKey(choice) ? `export ${apiKeyVariable}=<your ${choice.provider.vendor} key>\n` : ''}${runProjectCommand}
${fence}

\`-V ${crewVariable.name}=…\` fills the \`{${crewVariable.name}}\` placeholders of \`crew.yaml\`; the note is printed under
\`=== Crew Output ===\`. \`--validate\` checks the crew without calling a model, \`--events jsonl\` prints one
JSON event per line. From a clone of the Orkeon repository, run \`./orkeon run <this folder> -V ${crewVariable.name}=${crewVariable.example}\`.

${modelText(choice)}

## Files

| File | What it is |
| --- | --- |
| \`crew.yaml\` | the crew: two agents, two tasks, the input \`{${crewVariable.name}}\` |
| \`${toolFilePath}\` | the tool \`${toolName}\` in TypeScript, loaded as a plugin: no build step, no \`npm install\` |
| \`appsettings.json\` | the settings: the \`Plugins\` section that loads \`${toolsFolder.path}/\`${choice.kind === 'echo' ? '' : ', and the model (`Llm`)'} |
| \`.gitignore\` | leaves out \`.orkeon/\` (checkpoints and the audit trail of runs) and local secrets |

## Add a tool

Define it in \`${toolFilePath}\` and register it in \`configureServices\` there (or write another
\`${toolsFolder.searchPattern}\` file in \`${toolsFolder.path}/\`, with a plugin \`name\` of its own), then name it in an agent's
\`tools:\` in \`crew.yaml\`. \`orkeon run . --list-tools\` lists every tool the crew can use. Orkeon's
documentation: \`docs/tools.md\` (writing a tool), \`docs/plugins.md\`, \`docs/crews.md\`.
`;
}

function modelText(choice: ModelChoice): string {
  const openai = describeProvider('openai');
  const ollama = describeProvider('ollama');
  const keyRule = `Orkeon reads the key from the setting \`Llm:ApiKey\`, that is the environment
variable \`${apiKeyVariable}\`, never from a provider's own variables such as \`OPENAI_API_KEY\` (to use
one of those: \`export ${apiKeyVariable}="$OPENAI_API_KEY"\`). Keep keys out of \`appsettings.json\`.`;
  const doctor = `\`orkeon doctor\`, run from this folder, shows the provider, the model and whether a key is
set, without calling the model.`;
  if (choice.kind === 'echo')
    return `## The model

The project runs on the offline **echo model**: \`appsettings.json\` has no \`Llm\` section. It needs no key
and no network; it repeats its input, says so, and never calls tools (so \`${toolName}\` is called only by a
real model).

To use a real model, add an \`Llm\` section to \`appsettings.json\` that names the provider's endpoint and
the model (Orkeon infers the provider from them), e.g. for ${openai.vendor}:

${fence}jsonc
"Llm": { "BaseUrl": "${openai.defaultBaseUrl}", "Model": "${openai.defaultModel}" }
${fence}

and give the key in the environment: \`export ${apiKeyVariable}=<your key>\`.
${keyRule}

Ollama on this machine needs no key:
\`"Llm": { "BaseUrl": "${ollama.defaultBaseUrl}", "Model": "${ollama.defaultModel}" }\`. The ${providerKeys.length} providers, their
endpoints and default models are in Orkeon's \`docs/models.md\`; \`orkeon init --provider <name>\` in a
new folder writes the section for you.

${doctor}`;
  const { provider, model, baseUrl } = choice;
  const key = needsApiKey(choice)
    ? `The key comes from the environment: \`export ${apiKeyVariable}=<your ${provider.vendor} key>\`.\n${keyRule}`
    : `This endpoint needs no key${provider.key === 'ollama' ? `: start it and fetch the model (\`ollama pull ${model}\`)` : ''}.`;
  return `## The model

The project runs on **${model}** of ${provider.vendor} (provider \`${provider.key}\`): \`appsettings.json\` names
its endpoint, \`${baseUrl}\`, and the model in its \`Llm\` section.

${key}

To change the model, edit \`Llm:Model\`; to change the provider, \`Llm:BaseUrl\` too (the ${providerKeys.length} providers,
their endpoints and default models are in Orkeon's \`docs/models.md\`). Without the \`Llm\` section the
crew runs on the offline echo model, with no key. ${doctor}`;
}
