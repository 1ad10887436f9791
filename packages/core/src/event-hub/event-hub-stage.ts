import { serviceToken } from '../services/service-token.js';
import type { HubMessage } from './hub-message.js';

/** How a message travels: the ACL checks publish, post and send; idempotency only point-to-point ones. */
export type HubPattern = 'publish' | 'post' | 'send' | 'reply';

/** What a stage knows besides the message. */
export interface HubStageContext {
  readonly pattern: HubPattern;
}

/** Hands the message (possibly changed) to the next stage, or to delivery after the last. */
export type HubNext = (message: HubMessage) => Promise<void>;

/**
 * A middleware stage of the event hub. Stages run in registration order when a message is
 * published and in reverse order when it is received. A stage refuses a message by throwing.
 */
export interface EventHubStage {
  readonly name: string;
  onPublish(message: HubMessage, next: HubNext, context: HubStageContext): Promise<void>;
  onReceive(message: HubMessage, next: HubNext, context: HubStageContext): Promise<void>;
}

/** The stages of the hub, oldest registration first; each `addSvcEventHub…` stage call adds one. */
export const EventHubStageService = serviceToken<EventHubStage>('EventHubStage');
