import { type ProviderKey, providerCatalogue } from './provider-catalogue.js';
import { UnknownProviderError } from './unknown-provider-error.js';

/** The canonical key of a provider name or alias (any case, e.g. `Azure` → `azure-openai`). */
export function resolveProviderKey(nameOrAlias: string): ProviderKey {
  const name = nameOrAlias.trim().toLowerCase();
  const provider = providerCatalogue.find((candidate) => candidate.key === name || candidate.aliases.includes(name));
  if (provider === undefined) throw new UnknownProviderError(nameOrAlias);
  return provider.key;
}
