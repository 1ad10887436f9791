import {
  EventHubError,
  type EventHubStage,
  type HubMessage,
  type HubPattern,
  type HubStageContext,
  type Logger,
} from '@orkeon/core';

/**
 * Runs the hub's stages: registration order on the publish path, reverse order on the
 * receive path (brief §10.2). The last `next` hands the message to `deliver`; a stage that
 * throws stops the message there.
 */
export class StageChain {
  readonly #stages: readonly EventHubStage[];
  readonly #receiveOrder: readonly EventHubStage[];

  constructor(stages: readonly EventHubStage[]) {
    this.#stages = [...stages];
    this.#receiveOrder = [...stages].reverse();
  }

  get stages(): readonly EventHubStage[] {
    return this.#stages;
  }

  publish(
    message: HubMessage,
    context: HubStageContext,
    deliver: (message: HubMessage) => Promise<void>,
  ): Promise<void> {
    return run(this.#stages, 'onPublish', message, context, deliver);
  }

  /**
   * The publish path, then `deliver`: true when delivered, false when the idempotency stage
   * found a repeat (the repeat is dropped and the sender is not told); other refusals throw.
   */
  async dispatch(
    message: HubMessage,
    pattern: HubPattern,
    deliver: (message: HubMessage) => Promise<void>,
  ): Promise<boolean> {
    // Without stages a message goes straight to delivery: the hub's hot path.
    if (this.#stages.length === 0) {
      await deliver(message);
      return true;
    }
    try {
      await this.publish(message, { pattern }, deliver);
      return true;
    } catch (error) {
      if (EventHubError.isInstance(error) && error.code === 'EVENT_HUB_MESSAGE_DUPLICATE') return false;
      throw error;
    }
  }

  /** The receive path for one reader; a refused message is logged and dropped for that reader (`undefined`). */
  async receiveOrDrop(
    message: HubMessage,
    pattern: HubPattern,
    logger: Logger | undefined,
  ): Promise<HubMessage | undefined> {
    if (this.#stages.length === 0) return message;
    try {
      return await this.receive(message, { pattern });
    } catch (error) {
      logger?.warn(
        { err: error, messageId: message.id, topic: message.topic },
        'event hub: a stage refused a message on receive; it was dropped for this reader',
      );
      return undefined;
    }
  }

  /** The message as the receive path leaves it; throws when a stage refuses it. */
  async receive(message: HubMessage, context: HubStageContext): Promise<HubMessage | undefined> {
    let received: HubMessage | undefined;
    await run(this.#receiveOrder, 'onReceive', message, context, async (final) => {
      received = final;
    });
    return received;
  }
}

function run(
  stages: readonly EventHubStage[],
  method: 'onPublish' | 'onReceive',
  message: HubMessage,
  context: HubStageContext,
  last: (message: HubMessage) => Promise<void>,
): Promise<void> {
  const step = (index: number, current: HubMessage): Promise<void> => {
    const stage = stages[index];
    if (stage === undefined) return last(current);
    return stage[method](current, (next) => step(index + 1, next), context);
  };
  return step(0, message);
}
