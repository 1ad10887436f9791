import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/** A crew that uses knowledge bases, in a runtime that has none: refused before any model call. */
export class KnowledgeBaseUnavailableError extends OrkeonError<CoreErrorCode> {
  constructor(crew: string, uses: string) {
    super(
      'KNOWLEDGE_BASE_UNAVAILABLE',
      `Crew '${crew}' ${uses}, and no knowledge base is registered: call addSvcRag(services, configuration) from @orkeon/rag before createRuntime (orkeon run registers it), or remove the knowledge keys.`,
      { details: { crew } },
    );
  }
}
