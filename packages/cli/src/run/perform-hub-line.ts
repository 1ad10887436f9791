import type { EventHubClient, HubLine, JsonValue } from '@orkeon/core';
import { hubMessageEvent } from './hub-message-event.js';
import type { RunEmitterSlot } from './run-emitter-slot.js';

/** How long a `send` line waits for its reply when it names no `timeoutMs`. */
export const defaultSendTimeoutMs = 30_000;

/** The line's own correlationId, for the `error` event of a refused line. */
export function correlationIdOf(line: HubLine): string | undefined {
  return line.kind === 'send' || line.kind === 'reply' ? line.correlationId : undefined;
}

/** What a line acts with: the hub client, the stop, where events go, how to stop each live subscription. */
export interface Acting {
  readonly client: EventHubClient;
  readonly signal: AbortSignal;
  readonly emit: RunEmitterSlot['emit'];
  readonly fail: (error: unknown, correlationId?: string) => void;
  readonly subscriptions: Map<string, () => void>;
}

/** Does what a hub line says; a hub refusal throws (the caller writes it as an `error` event). */
export async function performHubLine(line: HubLine, acting: Acting): Promise<void> {
  const { client, signal, emit, subscriptions } = acting;
  const payload = (
    line.kind === 'subscribe' || line.kind === 'unsubscribe' ? null : (line.payload ?? null)
  ) as JsonValue;
  switch (line.kind) {
    case 'post':
      await client.post(line.to, payload);
      return;
    case 'publish':
      await client.publish(
        line.topic,
        payload,
        line.retainAs === undefined ? {} : { retainAsLastValue: true, lastValueKey: line.retainAs },
      );
      return;
    case 'reply':
      await client.reply(line.correlationId, payload);
      return;
    case 'send': {
      const asked = client.send(line.to, payload, { timeoutMs: line.timeoutMs ?? defaultSendTimeoutMs, signal });
      // The reply comes later: the next lines do not wait for it.
      asked.then(
        ({ correlationId, reply }) =>
          emit(hubMessageEvent(reply, { correlationId: line.correlationId ?? correlationId })),
        (error: unknown) => acting.fail(error, line.correlationId),
      );
      return;
    }
    case 'subscribe': {
      if (subscriptions.has(line.topic)) return;
      // A listener: each message is written as it is delivered, nothing waits in a queue.
      const stop = client.on(line.topic, (message) => emit(hubMessageEvent(message)), {
        onError: (error) => acting.fail(error),
      });
      subscriptions.set(line.topic, stop);
      return;
    }
    case 'unsubscribe':
      subscriptions.get(line.topic)?.();
      subscriptions.delete(line.topic);
      return;
  }
}
