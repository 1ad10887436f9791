import type { HubIdentity, HubMessage } from '@orkeon/core';
import { HubQueue } from './hub-queue.js';

interface OpenRequest {
  readonly requester: HubIdentity;
  readonly replies: HubQueue<HubMessage>;
  answered: boolean;
}

/** The requests sent from this process that wait for their reply. */
export class LocalRequests {
  readonly #open = new Map<string, OpenRequest>();

  open(correlationId: string, requester: HubIdentity): HubQueue<HubMessage> {
    const replies = new HubQueue<HubMessage>();
    this.#open.set(correlationId, { requester, replies, answered: false });
    return replies;
  }

  requester(correlationId: string): HubIdentity | undefined {
    return this.#open.get(correlationId)?.requester;
  }

  replies(correlationId: string): HubQueue<HubMessage> | undefined {
    return this.#open.get(correlationId)?.replies;
  }

  /** Hands a reply to its request; false when none is open here. */
  deliver(reply: HubMessage): boolean {
    const open = reply.correlationId === undefined ? undefined : this.#open.get(reply.correlationId);
    if (open === undefined) return false;
    open.answered = true;
    open.replies.push(reply);
    return true;
  }

  /** True when a reply reached the request. */
  answered(correlationId: string): boolean {
    return this.#open.get(correlationId)?.answered === true;
  }

  close(correlationId: string): void {
    this.#open.get(correlationId)?.replies.close();
    this.#open.delete(correlationId);
  }
}
