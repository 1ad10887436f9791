import { closestMatch, LlmError } from '@orkeon/core';
import type { ProvidersErrorCode } from './errors/error-codes.js';
import { providerCatalogue, providerKeys } from './provider-catalogue.js';

/** A provider name that is neither one of the 16 keys nor one of their aliases. */
export class UnknownProviderError extends LlmError<ProvidersErrorCode> {
  constructor(name: string) {
    const known = providerCatalogue.flatMap((provider) => [provider.key, ...provider.aliases]);
    const suggestion = closestMatch(name, known);
    const hint = suggestion === undefined ? '' : ` Did you mean '${suggestion}'?`;
    super(
      'LLM_PROVIDER_UNKNOWN',
      `Unknown language-model provider '${name}'.${hint} Known providers: ${providerKeys.join(', ')}.`,
      { details: { provider: name } },
    );
  }
}
