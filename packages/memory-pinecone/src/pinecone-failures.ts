import { OrkeonError, redactedText } from '@orkeon/core';
import { PineconeMemoryRequestError, PineconeMemoryUnavailableError } from './pinecone-memory-errors.js';

/** Turns what the Pinecone client throws into the store's errors, naming where it went and never the key. */
export class PineconeFailures {
  readonly #apiKey: string;

  constructor(apiKey: string) {
    this.#apiKey = apiKey;
  }

  /**
   * Runs one request of the client against `where` (the control plane or the index host);
   * `onNotFound` gives the error for a 404 when the caller has a better one.
   */
  async call<T>(
    where: string,
    operation: string,
    request: () => Promise<T>,
    onNotFound?: (cause: unknown) => Error,
  ): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (OrkeonError.isInstance(error)) throw error;
      const name = error instanceof Error ? error.name : '';
      if (name === 'PineconeNotFoundError' && onNotFound !== undefined) throw onNotFound(error);
      const reason = this.scrubbed(error instanceof Error ? error.message : String(error));
      if (name === 'PineconeConnectionError') throw new PineconeMemoryUnavailableError(where, operation, reason, error);
      throw new PineconeMemoryRequestError(where, operation, reason, error);
    }
  }

  /** `text` with the API key replaced, should a message ever echo it. */
  scrubbed(text: string): string {
    return text.split(this.#apiKey).join(redactedText);
  }
}
