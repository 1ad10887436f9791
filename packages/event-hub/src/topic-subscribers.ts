import type { HubMessage } from '@orkeon/core';
import type { TopicSubscriber } from './hub-core.js';

/** The subscribers of each topic in this process, and the delivery rule of targeted messages. */
export class TopicSubscribers {
  readonly #byTopic = new Map<string, Set<TopicSubscriber>>();

  /** Adds a subscriber; the answer removes it and closes its queue. */
  add(topic: string, subscriber: TopicSubscriber): () => void {
    let set = this.#byTopic.get(topic);
    if (set === undefined) {
      set = new Set();
      this.#byTopic.set(topic, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      subscriber.queue.close();
      if (set.size === 0 && this.#byTopic.get(topic) === set) this.#byTopic.delete(topic);
    };
  }

  has(topic: string): boolean {
    return this.#byTopic.has(topic);
  }

  deliver(message: HubMessage): void {
    for (const subscriber of this.#byTopic.get(message.topic) ?? []) {
      // A crew's subscribers see global messages and those targeted at it, nothing else.
      if (message.targetCrewId !== undefined && message.targetCrewId !== subscriber.crewId) continue;
      if (subscriber.accepts !== undefined && !subscriber.accepts(message)) continue;
      subscriber.queue.push(message);
    }
  }
}
