import { createInterface } from 'node:readline';
import { type EventHub, type EventHubClient, OrkeonError } from '@orkeon/core';
import { hubMessageEvent } from './hub-message-event.js';
import { correlationIdOf, performHubLine } from './perform-hub-line.js';
import { readHubLine } from './read-hub-line.js';
import { RunEmitterSlot } from './run-emitter-slot.js';

export interface JsonlHubBridge {
  /** Speaks on this hub from now on: the mailbox wait starts, and lines act once a run is open. */
  connect(hub: EventHub): void;
  /** Pass as the run's `onEmitter`: hub events join the run's stream, numbered by the runtime. */
  readonly onEmitter: RunEmitterSlot['onEmitter'];
  /** Stops reading lines, the mailbox wait, the subscriptions and the pending sends. */
  close(): Promise<void>;
}

/**
 * `--events jsonl --client <name>`: the run's outside peer on the event hub, as the client
 * `client:<name>`. Hub lines on standard input (post, send, publish, reply, subscribe,
 * unsubscribe) are read from the start and act once a run is open; a refused one becomes a
 * recoverable `error` event. Its mailbox `client://<name>`, its topics and its replies come
 * out as `hub.message` events.
 */
export function jsonlHubBridge(options: { client: string; input: NodeJS.ReadableStream }): JsonlHubBridge {
  let connectTo: (client: EventHubClient) => void = () => {};
  const connected = new Promise<EventHubClient>((resolve) => (connectTo = resolve));
  const slot = new RunEmitterSlot();
  const stop = new AbortController();
  const { signal } = stop;
  const stopped = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  const subscriptions = new Map<string, () => void>();
  const fail = (error: unknown, correlationId?: string) => {
    if (signal.aborted) return;
    const known = OrkeonError.isInstance(error);
    slot.emit({
      kind: 'error',
      code: known ? error.code : 'CLI_USAGE_INVALID',
      message: error instanceof Error ? error.message : String(error),
      recoverable: true,
      ...(correlationId === undefined ? {} : { correlationId }),
    });
  };
  const acting = { signal, emit: slot.emit.bind(slot), fail, subscriptions };

  let receiving = Promise.resolve();
  const receive = async (client: EventHubClient) => {
    while (!signal.aborted) {
      try {
        const message = await client.receive(undefined, 'forever', { signal });
        if (message !== undefined) slot.emit(hubMessageEvent(message));
      } catch (error) {
        fail(error);
        return;
      }
    }
  };

  // One line at a time, in order; a send's wait for its reply runs beside the next lines.
  let chain = Promise.resolve();
  const lines = createInterface({ input: options.input, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (text) => {
    const line = readHubLine(text);
    if (line === undefined) return;
    chain = chain.then(async () => {
      const client = await Promise.race([Promise.all([connected, slot.open()]).then(([opened]) => opened), stopped]);
      if (client === undefined || signal.aborted) return;
      if ('error' in line) fail(line.error, line.correlationId);
      else
        await performHubLine(line.value, { ...acting, client }).catch((error: unknown) =>
          fail(error, correlationIdOf(line.value)),
        );
    });
  });

  return {
    connect(hub) {
      const client = hub.connect({ crewId: `client:${options.client}` });
      connectTo(client);
      receiving = receive(client);
    },
    onEmitter: slot.onEmitter,
    async close() {
      stop.abort();
      lines.close();
      for (const unsubscribe of subscriptions.values()) unsubscribe();
      await Promise.all([receiving, chain]);
    },
  };
}
