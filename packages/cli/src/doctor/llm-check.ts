import { type Configuration, llmSettings } from '@orkeon/core';
import type { DoctorCheck } from './doctor-check.js';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** What the `Llm` settings say, without calling the model: which model, which endpoint, whether a key is set. */
export function checkLlm(configuration: Configuration): DoctorCheck {
  if (!configuration.has('Llm')) {
    return { check: 'llm', status: 'info', detail: 'no Llm section: no language model is configured' };
  }
  const llm = configuration.get(llmSettings);
  const model = llm.Model === undefined ? "the provider's default model" : `model ${llm.Model}`;
  const endpoint = llm.BaseUrl === undefined ? '' : ` at ${llm.BaseUrl}`;
  const local = llm.BaseUrl !== undefined && loopbackHosts.has(new URL(llm.BaseUrl).hostname);
  if (llm.ApiKey !== undefined) {
    const origin = configuration.originOf('Llm:ApiKey') ?? 'settings';
    return { check: 'llm', status: 'ok', detail: `${model}${endpoint}; API key set (from ${origin})` };
  }
  if (local) return { check: 'llm', status: 'ok', detail: `${model}${endpoint}; local endpoint, no API key needed` };
  const secretName =
    llm.ApiKeySecretName === undefined
      ? ''
      : ` Llm:ApiKeySecretName is only recorded and never resolved, so it does not count.`;
  return {
    check: 'llm',
    status: 'warn',
    detail: `${model}${endpoint}; no API key, so every call will fail until Llm:ApiKey (or SVC_Llm__ApiKey) is set.${secretName}`,
  };
}
