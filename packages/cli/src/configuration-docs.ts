import { renderSettingsReference } from '@orkeon/core';
import { loadCliSettingsSections } from './settings-sections.js';

/** The whole text of docs/configuration.md, made from the settings schemas the CLI knows. */
export async function renderConfigurationDocs(): Promise<string> {
  return `${introduction}\n${renderSettingsReference(await loadCliSettingsSections())}`;
}

const introduction = `# Configuration

<!-- Made by \`npm run docs:config\` from the settings schemas; a test fails when it is out of date. -->

Orkeon reads its settings from three sources. Later sources win, key by key:

1. **\`appsettings.json\`**: the file given with \`--settings <file>\`, else the one in the working directory
   (crews will also look beside the crew file). Comments and trailing commas are allowed.
2. **Environment variables** starting with \`SVC_\`. \`__\` or \`:\` separates levels and case is ignored:
   \`SVC_Llm__ApiKey\`, \`svc_llm:apikey\` and \`SVC_LLM__APIKEY\` all set \`Llm:ApiKey\`. List items are
   numbered from 0: \`SVC_Svc__Tools__Shell__ExtraAllowedCommands__0=jq\`.
3. **Command-line settings**: \`--set Llm:Model=gpt-5\`, repeatable.

A list given by a higher source replaces the whole list of a lower one. Keys ignore case everywhere;
the spelling below is the documented one. \`Svc:Llm:*\` is another name for \`Llm:*\` (the two may not
disagree within one source).

Settings are judged **when the program starts**. An unknown key, a value of the wrong type or out of range
stops it before any work, with exit code 1 and one line per problem that names the full key, the value,
where it came from and what is allowed:

\`\`\`text
orkeon: Setting 'Llm:Temperature' = "hot" (from environment variable SVC_Llm__Temperature) is not allowed. Allowed: a number from 0 to 2.
orkeon: Unknown setting 'Llm:Modle' (from appsettings.json:3:5). Did you mean 'Llm:Model'? Keys of 'Llm': Model, BaseUrl, ...
\`\`\`

Keys named like secrets (\`ApiKey\`, \`Password\`, \`Secret\`, \`Token\`, \`ConnectionString\`, …) are never
shown: errors say "(value hidden)", logs write \`[REDACTED]\` for such fields, and their values are scrubbed
from every log line. \`orkeon doctor\` checks the settings and prints what it found.

In code, settings are read with \`loadConfiguration({ sections })\` or \`Configuration.fromObject(...)\`
from \`@orkeon/core\`, and a section is read typed with \`configuration.get(section)\`, defaults applied.

# Keys
`;
