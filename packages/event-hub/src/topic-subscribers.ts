import { EventHubError, type HubMessage } from '@orkeon/core';
import type { TopicSubscriber } from './hub-core.js';

/** How many messages a subscriber may leave unread by default before its subscription ends. */
export const defaultSubscriberBacklog = 10_000;

/**
 * The subscribers of each topic in this process, and the delivery rule of targeted messages. A
 * subscriber that leaves more than `backlog` messages unread is ended with
 * `EVENT_HUB_SUBSCRIPTION_OVERFLOWED` (after the messages it has), so one slow reader neither holds
 * the others back nor grows without bound, and it knows that it missed messages.
 */
export class TopicSubscribers {
  // Arrays replaced (never changed) on add and remove: delivery loops over them by index, and a
  // subscriber added or removed while a message is delivered does not change that delivery.
  readonly #byTopic = new Map<string, readonly TopicSubscriber[]>();
  readonly #backlog: number;

  constructor(backlog = defaultSubscriberBacklog) {
    this.#backlog = backlog;
  }

  /** Adds a subscriber; the answer removes it and closes its queue. */
  add(topic: string, subscriber: TopicSubscriber): () => void {
    this.#byTopic.set(topic, [...(this.#byTopic.get(topic) ?? []), subscriber]);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      const left = (this.#byTopic.get(topic) ?? []).filter((each) => each !== subscriber);
      if (left.length === 0) this.#byTopic.delete(topic);
      else this.#byTopic.set(topic, left);
      if ('queue' in subscriber) subscriber.queue.close();
    };
  }

  has(topic: string): boolean {
    return this.#byTopic.has(topic);
  }

  deliver(message: HubMessage): void {
    const subscribers = this.#byTopic.get(message.topic);
    if (subscribers === undefined) return;
    for (let index = 0; index < subscribers.length; index++) {
      const subscriber = subscribers[index] as TopicSubscriber;
      // A crew's subscribers see global messages and those targeted at it, nothing else.
      if (message.targetCrewId !== undefined && message.targetCrewId !== subscriber.crewId) continue;
      if (subscriber.accepts !== undefined && !subscriber.accepts(message)) continue;
      if (!('queue' in subscriber)) subscriber.deliver(message);
      else if (subscriber.queue.size < this.#backlog) subscriber.queue.push(message);
      else if (!subscriber.queue.closed)
        subscriber.queue.fail(
          new EventHubError(
            'EVENT_HUB_SUBSCRIPTION_OVERFLOWED',
            `A subscriber of topic '${message.topic}' in crew '${subscriber.crewId}' left ${this.#backlog} messages unread, so its subscription ended after them (later messages did not reach it): read faster, subscribe again, or raise Svc:EventHub:MaxSubscriberBacklog.`,
            { details: { topic: message.topic, crewId: subscriber.crewId, backlog: this.#backlog } },
          ),
        );
    }
  }
}
