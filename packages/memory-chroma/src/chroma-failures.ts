import { OrkeonError, redactedText } from '@orkeon/core';
import { ChromaMemoryRequestError, ChromaMemoryUnavailableError } from './chroma-memory-errors.js';

/** What to add to the message of a refusal, after a space. */
export interface FailureHints {
  readonly notFound?: string;
  readonly refused?: string;
}

/** Turns what the chromadb client throws into the store's errors, naming the server and never the token. */
export class ChromaFailures {
  readonly #server: string;
  readonly #token: string | undefined;

  constructor(server: string, token: string | undefined) {
    this.#server = server;
    this.#token = token;
  }

  /**
   * Runs one request of the client; a failure becomes an Orkeon error saying what could not
   * be done, with `hints.notFound` added to a 404 and `hints.refused` to any other answer.
   */
  async call<T>(operation: string, request: () => Promise<T>, hints: FailureHints = {}): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw this.#failure(operation, error, hints);
    }
  }

  #failure(operation: string, error: unknown, hints: FailureHints): Error {
    if (OrkeonError.isInstance(error)) return error;
    const name = error instanceof Error ? error.name : '';
    const reason = this.#scrubbed(error instanceof Error ? error.message : String(error));
    if (name === 'ChromaConnectionError')
      return new ChromaMemoryUnavailableError(this.#server, operation, reason, error);
    const hint = (name === 'ChromaNotFoundError' ? hints.notFound : undefined) ?? hints.refused ?? '';
    return new ChromaMemoryRequestError(this.#server, operation, reason, error, hint);
  }

  #scrubbed(text: string): string {
    const token = this.#token;
    return token === undefined || token.length === 0 ? text : text.split(token).join(redactedText);
  }
}
