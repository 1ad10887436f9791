import { EventHubError, type EventHubStage } from '@orkeon/core';

/** How many message ids the idempotency stage remembers by default. */
export const defaultIdempotencyCapacity = 10_000;

/**
 * The idempotency stage: a point-to-point message (post, send, reply) whose id the sender
 * already used is refused as a duplicate, which the hub swallows. The ids are kept in memory,
 * at most `capacity` of them: the oldest is forgotten first. Topic publications pass.
 */
export function createIdempotencyStage(capacity = defaultIdempotencyCapacity): EventHubStage {
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError(`The idempotency capacity ${capacity} is not a whole number of 1 or more.`);
  // A Set keeps insertion order, so its first entry is the oldest id.
  const seen = new Set<string>();
  return {
    name: 'idempotency',
    async onPublish(message, next, context) {
      if (context.pattern === 'publish') return next(message);
      const key = `${message.sourceCrewId}\u0000${message.id}`;
      if (seen.has(key))
        throw new EventHubError(
          'EVENT_HUB_MESSAGE_DUPLICATE',
          `Crew '${message.sourceCrewId}' sent the message '${message.id}' before; the repeat is dropped.`,
          { details: { messageId: message.id, source: message.sourceCrewId } },
        );
      seen.add(key);
      if (seen.size > capacity) {
        const oldest = seen.values().next();
        if (oldest.done !== true) seen.delete(oldest.value);
      }
      await next(message);
    },
    onReceive: (message, next) => next(message),
  };
}
