import { randomUUID } from 'node:crypto';
import type { JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from './json-rpc.js';

/** Writes one message to the client: a line on stdio, an event of a stream on HTTP. False when it could not. */
export type WriteToClient = (message: JsonRpcRequest | JsonRpcNotification) => boolean;

interface Waiting {
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
}

/**
 * Requests this server sends its clients in the legacy era (elicitation, sampling), and the
 * answers that come back. Ids are random, so one client cannot answer another's request;
 * over HTTP the answer arrives as its own POST, which `settle` routes here.
 */
export class OutgoingRequests {
  readonly #waiting = new Map<string, Waiting>();

  send(
    method: string,
    params: Record<string, unknown>,
    write: WriteToClient,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>> {
    if (signal.aborted) return Promise.reject(new Error('the call was stopped'));
    const id = `orkeon-${randomUUID()}`;
    return new Promise((resolve, reject) => {
      const stop = () => {
        this.#waiting.delete(id);
        write({
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: id, reason: 'the call was stopped' },
        });
        reject(new Error('the call was stopped'));
      };
      const done = () => signal.removeEventListener('abort', stop);
      this.#waiting.set(id, {
        resolve: (result) => {
          done();
          resolve(result);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      signal.addEventListener('abort', stop, { once: true });
      if (!write({ jsonrpc: '2.0', id, method, params })) {
        this.#waiting.delete(id);
        done();
        reject(new Error('the client cannot be reached: it keeps no stream open for this call'));
      }
    });
  }

  /** Hands a client's answer to the request that waits for it; false when none does. */
  settle(response: JsonRpcResponse): boolean {
    const key = typeof response.id === 'string' ? response.id : undefined;
    const waiting = key === undefined ? undefined : this.#waiting.get(key);
    if (key === undefined || waiting === undefined) return false;
    this.#waiting.delete(key);
    if ('result' in response) waiting.resolve(response.result);
    else waiting.reject(new Error(`the client refused: ${response.error.message} (${response.error.code})`));
    return true;
  }
}
