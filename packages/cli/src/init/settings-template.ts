import { apiKeyVariable, type ModelChoice, needsApiKey } from './model-choice.js';
import { toolsFolder } from './tool-template.js';

/**
 * The project's `appsettings.json` (comments allowed, as in every Orkeon settings file): the
 * `Plugins` section that loads the TypeScript tools from the crew's folder, and the model. The echo
 * model has no `Llm` section; a provider's names its endpoint and model, from which Orkeon infers
 * the provider. The API key is never written: it comes from the environment.
 */
export function settingsJson(choice: ModelChoice): string {
  const plugins = `  // The crew's TypeScript tools: every ${toolsFolder.searchPattern} file of ${toolsFolder.path}/ is a plugin. \`orkeon run\` mounts the
  // crew's folder read-only at /crew, so Plugins:Directory is /crew/${toolsFolder.path}.
  "Plugins": {
    "Directory": "/crew/${toolsFolder.path}",
    "SearchPattern": "${toolsFolder.searchPattern}"
  }`;
  if (choice.kind === 'echo')
    return `{
  // Settings of this project, read by \`orkeon run\` from beside the crew (see Orkeon's docs/configuration.md).
  // There is no Llm section, so agents use the offline echo model, which needs no key and repeats its
  // input. README.md says how to add one for a real model.
${plugins}
}
`;
  const { provider, model, baseUrl } = choice;
  const key = needsApiKey(choice)
    ? `The API key is read from the environment variable ${apiKeyVariable}, never from this file.`
    : `This endpoint takes no API key.`;
  return `{
  // Settings of this project, read by \`orkeon run\` from beside the crew (see Orkeon's docs/configuration.md).
${plugins},
  // The model: ${model} of ${provider.vendor}, provider ${provider.key}, which Orkeon infers from Llm:BaseUrl.
  // ${key}
  // Without this section agents use the offline echo model.
  "Llm": {
    "BaseUrl": ${JSON.stringify(baseUrl)},
    "Model": ${JSON.stringify(model)}
  }
}
`;
}
