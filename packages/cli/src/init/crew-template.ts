/** The `{KEY}` input of the scaffolded crew, and a value for it in the commands the project's files show. */
export const crewVariable = { name: 'topic', example: 'octopuses' } as const;

/** The command that runs a new project from its own folder. */
export const runProjectCommand = `orkeon run . -V ${crewVariable.name}=${crewVariable.example}`;

/**
 * The crew of a new project, `crew.yaml`: a researcher lists facts about `{topic}`, a writer
 * turns them into a short note and measures it with the project's TypeScript tool, `text_stats`.
 * On the echo model it runs at once (the echo model never calls tools); on a real model the
 * writer calls the tool.
 */
export function crewYaml(name: string): string {
  return `# A crew made by \`orkeon init\`: a researcher lists facts about {${crewVariable.name}}, a writer turns
# them into a short note and checks its length with text_stats, this project's own TypeScript tool
# (tools/text-stats.mts). Run it from this folder:
#   ${runProjectCommand}
# Crews are described in Orkeon's docs/crews.md.
name: "${name}"
goal: Write a short note about {${crewVariable.name}}
process: sequential

agents:
  researcher:
    role: Researcher
    goal: Find the three most useful facts about {${crewVariable.name}}
    backstory: You are precise and brief.
  writer:
    role: Writer
    goal: Write clear, friendly notes of at most 120 words
    tools: [text_stats]

tasks:
  research:
    description: List three useful facts about {${crewVariable.name}}.
    expected_output: Three bullet points
    agent: researcher
  write:
    description: >-
      Turn the facts into a note of at most 120 words about {${crewVariable.name}}. Measure the note
      with the text_stats tool before you answer, and shorten it if it is too long.
    expected_output: A short Markdown note with a title
    agent: writer
    dependencies: [research]
`;
}

/**
 * A crew name made from a folder name: lower case letters, digits and `-` (written in quotes, so
 * that `123` or `true` stay text); `my-crew` when nothing is left.
 */
export function crewNameFor(folderName: string): string {
  const name = folderName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return name === '' ? 'my-crew' : name;
}
