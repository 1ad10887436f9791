/**
 * Every error code of `@orkeon/providers`, each with what happened and what to do (see
 * `coreErrorCodes` in `@orkeon/core` for the rules). Provider errors are `LlmError`s, so their
 * codes share the `LLM_` area with the core's model errors.
 */
export const providersErrorCodes = {
  LLM_PROVIDER_UNKNOWN:
    'A provider name is neither one of the 16 keys nor one of their aliases: the message suggests the closest and lists all.',
  LLM_AZURE_SETTINGS_MISSING:
    "The 'azure-openai' provider needs `Llm:BaseUrl` (the resource URL) and `Llm:Model` (the deployment name).",
} as const;

export type ProvidersErrorCode = keyof typeof providersErrorCodes;
