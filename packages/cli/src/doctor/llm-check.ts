import { type Configuration, llmSettings } from '@orkeon/core';
import { describeProvider, inferProvider, isKeylessEndpoint } from '@orkeon/providers';
import type { DoctorCheck } from './doctor-check.js';

/**
 * What the `Llm` settings choose, without calling the model: the provider and why,
 * the model, the endpoint, and whether calls can carry a key (never the key).
 */
export function checkLlm(configuration: Configuration): DoctorCheck {
  if (!configuration.has('Llm')) {
    return {
      check: 'llm',
      status: 'info',
      detail: 'no Llm section: agents run on the offline echo model, which only repeats its input',
    };
  }
  const llm = configuration.get(llmSettings);
  const choice = inferProvider(llm);
  const provider = describeProvider(choice.provider);
  const model = llm.Model ?? provider.defaultModel ?? '(no model: set Llm:Model)';
  const endpoint = llm.BaseUrl ?? provider.defaultBaseUrl ?? '(no endpoint: set Llm:BaseUrl)';
  const chosen = `${provider.key} (${choice.reason}), model ${model} at ${endpoint}`;
  if (llm.ApiKey !== undefined) {
    return {
      check: 'llm',
      status: 'ok',
      detail: `${chosen}; API key set (from ${configuration.originOf('Llm:ApiKey') ?? 'settings'})`,
    };
  }
  if (!provider.requiresApiKey || isKeylessEndpoint(endpoint)) {
    return { check: 'llm', status: 'ok', detail: `${chosen}; keyless endpoint, no API key needed` };
  }
  const secretName =
    llm.ApiKeySecretName === undefined
      ? ''
      : ' Llm:ApiKeySecretName is only recorded and never resolved, so it does not count.';
  return {
    check: 'llm',
    status: 'warn',
    code: 'LLM_API_KEY_MISSING',
    detail: `${chosen}; no API key, so every call will fail until Llm:ApiKey (or SVC_Llm__ApiKey) is set.${secretName}`,
  };
}
