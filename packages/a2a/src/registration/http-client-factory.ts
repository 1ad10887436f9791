import { serviceToken } from '@orkeon/core';
import { Agent, type Dispatcher } from 'undici';

/**
 * Hands out named, pooled HTTP dispatchers (undici), one per name, closed on dispose.
 *
 * @experimental SVCEXP001
 */
export interface HttpClientFactory {
  createClient(name: string): Dispatcher;
}

/** @experimental SVCEXP001 */
export const HttpClientFactoryService = serviceToken<HttpClientFactory>('HttpClientFactory');

/** The default factory supplied by `addSvcA2A` when the host has none. */
export class PooledHttpClientFactory implements HttpClientFactory, AsyncDisposable {
  readonly #clients = new Map<string, Agent>();

  createClient(name: string): Dispatcher {
    let client = this.#clients.get(name);
    if (client === undefined) {
      client = new Agent();
      this.#clients.set(name, client);
    }
    return client;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    const clients = [...this.#clients.values()];
    this.#clients.clear();
    await Promise.all(clients.map((client) => client.close()));
  }
}
