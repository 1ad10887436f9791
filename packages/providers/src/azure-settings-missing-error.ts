import { LlmError } from '@orkeon/core';
import type { ProvidersErrorCode } from './errors/error-codes.js';

/** Azure OpenAI has no public endpoint or default model: the resource URL and deployment must be given. */
export class AzureSettingsMissingError extends LlmError<ProvidersErrorCode> {
  constructor(missing: readonly ('BaseUrl' | 'Model')[]) {
    super(
      'LLM_AZURE_SETTINGS_MISSING',
      `The 'azure-openai' provider needs ${missing.map((key) => `Llm:${key}`).join(' and ')}: Llm:BaseUrl is the resource URL (e.g. https://<resource>.openai.azure.com) and Llm:Model the deployment name.`,
      { details: { provider: 'azure-openai', missing } },
    );
  }
}
