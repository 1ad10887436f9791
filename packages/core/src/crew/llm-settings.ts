/** Model settings of a crew or an agent; an agent's own values win field by field over the crew's. */
export interface CrewLlmSettings {
  /** Model id, for the `clientFor` callback of `runCrew` to honour (the runner cannot switch models itself). */
  readonly model?: string;
  readonly temperature?: number;
  /** Longest answer, in tokens. */
  readonly maxTokens?: number;
}

/** The settings an agent works with: its own fields, each falling back to the crew's. */
export function resolveLlmSettings(
  crew: CrewLlmSettings | undefined,
  agent: CrewLlmSettings | undefined,
): CrewLlmSettings {
  const model = agent?.model ?? crew?.model;
  const temperature = agent?.temperature ?? crew?.temperature;
  const maxTokens = agent?.maxTokens ?? crew?.maxTokens;
  return {
    ...(model === undefined ? {} : { model }),
    ...(temperature === undefined ? {} : { temperature }),
    ...(maxTokens === undefined ? {} : { maxTokens }),
  };
}
