import { MissingApiKeyError } from '@orkeon/core';
import { isKeylessEndpoint } from './local-endpoint.js';
import type { ProviderDescription } from './provider-catalogue.js';

/**
 * The API key calls to `provider` at `baseUrl` send (none for a keyless provider or a local
 * endpoint), or, when a key is needed and none is set, the error every call then fails with.
 */
export function providerApiKey(
  settings: { readonly ApiKey?: string | undefined; readonly ApiKeySecretName?: string | undefined },
  provider: ProviderDescription,
  baseUrl: string,
): { readonly apiKey: string | undefined } | { readonly missing: () => MissingApiKeyError } {
  // Bound settings never hold a blank key, but a host building the settings in code might.
  const apiKey = settings.ApiKey?.trim() === '' ? undefined : settings.ApiKey;
  if (apiKey !== undefined || !provider.requiresApiKey || isKeylessEndpoint(baseUrl)) return { apiKey };
  const secretNameOnly = settings.ApiKeySecretName !== undefined;
  return { missing: () => new MissingApiKeyError(provider.key, secretNameOnly ? { secretNameOnly: true } : {}) };
}
